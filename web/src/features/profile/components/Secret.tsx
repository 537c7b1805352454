import { CopyButton } from '../../../components/CopyButton';

/** A secret shown once, right after it was made. */
export function Secret({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <p className="integrations__secret" role="status">
      {label} <code data-testid={testId}>{value}</code> <CopyButton value={value} /> Copy it now: it is not shown again.
    </p>
  );
}
