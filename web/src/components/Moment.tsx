import { formatDateTime } from '../lib/format';

/**
 * A moment inside a sentence, in the app's one format ('2026-12-02 14:25 UTC'), as a `<time>`: it moves
 * to the next line whole rather than breaking inside its date ('2026-12-' at a line's end, '02 …' under it).
 */
export function Moment({ at, seconds = false, className }: { at: string; seconds?: boolean; className?: string }) {
  return (
    <time dateTime={at} className={className ? `moment ${className}` : 'moment'}>
      {formatDateTime(at, { seconds })}
    </time>
  );
}
