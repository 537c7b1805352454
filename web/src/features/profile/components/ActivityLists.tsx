import { ScrollTable } from '../../../components/ScrollTable';
import { formatDateTime, formatNumber } from '../../../lib/format';
import type { CreditTransaction, UsageRecord } from '../types';

/**
 * A use that took no whole credit (a board call or a usage batch whose exact price stayed under one: its
 * fraction is carried on its meters) says so beside its description, so that its "0" reads neither as
 * free nor as a fault.
 */
function Carried({ credits }: { credits: number }) {
  return credits === 0 ? <span className="muted"> — under a credit: carried to the next use</span> : null;
}

export function TransactionList({ transactions }: { transactions: CreditTransaction[] }) {
  return (
    <section className="card profile-activity" aria-labelledby="transactions-title">
      <h2 id="transactions-title">Recent credit transactions</h2>
      {transactions.length === 0 ? (
        <p className="muted">No credit transactions yet.</p>
      ) : (
        <ScrollTable headers={['Date', 'Type', 'Amount', 'Description']}>
          {transactions.map((t) => (
            <tr key={t.id}>
              <td className="nowrap activity__date">{formatDateTime(t.created_at)}</td>
              <td className="activity__type">{t.type.toUpperCase()}</td>
              <td className={t.amount < 0 ? 'amount amount--out' : 'amount'}>{formatNumber(t.amount)}</td>
              <td className="activity__description">
                {t.description}
                {t.type === 'usage' && <Carried credits={t.amount} />}
              </td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </section>
  );
}

export function UsageList({ usage }: { usage: UsageRecord[] }) {
  return (
    <section className="card profile-activity" aria-labelledby="usage-title">
      <h2 id="usage-title">Recent usage</h2>
      {usage.length === 0 ? (
        <p className="muted">No usage yet.</p>
      ) : (
        <ScrollTable headers={['Date', 'Credits used', 'Description']}>
          {usage.map((u) => (
            <tr key={u.id}>
              <td className="nowrap activity__date">{formatDateTime(u.created_at)}</td>
              <td className="amount">{formatNumber(u.credits_used)}</td>
              <td className="activity__description">
                {u.description}
                <Carried credits={u.credits_used} />
              </td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </section>
  );
}
