import { useState } from 'react';
import { useToast } from '../../../components/Toast';
import { useReconcile, type ReconcileReport } from '../api/reconcile';

function Report({ report }: { report: ReconcileReport }) {
  if (report.skipped) return <p className="reconcile__skipped">{report.skipped}</p>;
  return (
    <div className="reconcile__report" aria-live="polite">
      <p>
        {report.orgs} organizations, {report.checked} subscriptions and paid invoices checked; {report.missing.length} missing,{' '}
        {report.applied} applied; {report.unknown.length} unknown subscriptions.
      </p>
      {report.missing.length > 0 && (
        <ul aria-label="Missing invoices">
          {report.missing.map((m) => (
            <li key={m.eventId}>
              Invoice {m.invoiceId} ({m.orgId}): {m.outcome}, {m.detail}
            </li>
          ))}
        </ul>
      )}
      {report.unknown.length > 0 && (
        <ul aria-label="Unknown subscriptions">
          {report.unknown.map((u) => (
            <li key={u.subscriptionId}>
              Subscription {u.subscriptionId} ({u.orgId}): {u.status}, not in our log
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Compares Stripe's subscriptions and recent paid invoices with the log; applies a paid invoice never received. */
export function ReconcilePanel({ canRun }: { canRun: boolean }) {
  const run = useReconcile();
  const toast = useToast();
  const [report, setReport] = useState<ReconcileReport | null>(null);
  if (!canRun) return null;
  const start = () => run.mutate({}, { onSuccess: setReport, onError: (err) => toast.error(err.message) });
  return (
    <section className="card reconcile" aria-labelledby="reconcile-title">
      <h2 id="reconcile-title">Reconciliation</h2>
      <p className="reconcile__note">
        Every organization&apos;s subscriptions and paid invoices of the last 35 days in Stripe, compared with ours. A paid
        invoice we never applied is applied now, as its webhook would be. This also runs every day.
      </p>
      <button type="button" className="button button--secondary" disabled={run.isPending} onClick={start}>
        {run.isPending ? 'Reconciling…' : 'Reconcile with Stripe'}
      </button>
      {report && <Report report={report} />}
    </section>
  );
}
