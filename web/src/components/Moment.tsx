import type { ReactNode } from 'react';
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

/** A moment as formatDateTime writes one ('2026-12-02', '2026-12-02 14:25 UTC', with seconds or another zone). */
const MOMENT_IN_TEXT = /\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}(?::\d{2})?(?: [A-Z][A-Za-z0-9+:-]*)?)?/g;

/**
 * A sentence made as text (an event's summary, a version's title) whose moments each stay on one line,
 * as Moment keeps its own: it breaks between words, never inside '2026-12-02 18:33 UTC'.
 */
export function WithMoments({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(MOMENT_IN_TEXT)) {
    parts.push(text.slice(last, match.index));
    parts.push(
      <span key={match.index} className="moment">
        {match[0]}
      </span>,
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
