import { ScrollTable } from '../../../components/ScrollTable';
import { formatDateTime, formatNumber } from '../../../lib/format';
import type { CreditTransaction, UsageRecord } from '../types';

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
              <td className="activity__description">{t.description}</td>
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
              <td className="activity__description">{u.description}</td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </section>
  );
}
