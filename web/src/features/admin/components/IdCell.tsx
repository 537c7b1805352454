import { shortId } from '../../../lib/format';

/** An id as its first characters; the whole id on hover (and for screen readers). */
export function IdCell({ id }: { id: string }) {
  return (
    <code title={id} aria-label={id}>
      {shortId(id)}
    </code>
  );
}
