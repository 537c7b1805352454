import { formatDateTime } from '../lib/format';

/**
 * A moment inside a sentence, in the app's one format ('2026-12-02 14:25 UTC'), as a `<time>`: it moves
 * to the next line whole rather than breaking inside its date ('2026-12-' at a line's end, '02 …' under it).
 * `stacked`: the day on one line and the time under it, each whole (a narrow table column, which would
 * otherwise break the time from its zone).
 */
export function Moment({ at, seconds = false, stacked = false, className }: { at: string; seconds?: boolean; stacked?: boolean; className?: string }) {
  const text = formatDateTime(at, { seconds });
  const space = text.indexOf(' ');
  const classes = ['moment', stacked && 'moment--stacked', className].filter(Boolean).join(' ');
  return (
    <time dateTime={at} className={classes}>
      {stacked && space > 0 ? (
        <>
          <span>{text.slice(0, space)}</span> <span>{text.slice(space + 1)}</span>
        </>
      ) : (
        text
      )}
    </time>
  );
}
