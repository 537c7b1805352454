import { formatDateTime, formatExpiresIn } from '../lib/format';

/** 'expires in 6 days', with the date and time on hover; 'never expires' without a date. */
export function ExpiresIn({ at, className }: { at: string | null; className?: string }) {
  if (at === null) return <span className={className}>{formatExpiresIn(null)}</span>;
  return (
    <time dateTime={at} title={formatDateTime(at)} className={className}>
      {formatExpiresIn(at)}
    </time>
  );
}
