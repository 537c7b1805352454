import { formatDateTime, formatNumber } from '../../../lib/format';
import type { CreditTransaction, UsageRecord } from '../types';

export function TransactionList({ transactions }: { transactions: CreditTransaction[] }) {
  return (
    <section className="card profile-activity" aria-labelledby="transactions-title">
      <h2 id="transactions-title">Recent credit transactions</h2>
      {transactions.length === 0 ? (
        <p className="muted">No credit transactions yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Type</th>
                <th scope="col">Amount</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {transactions.map((t) => (
                <tr key={t.id}>
                  <td className="nowrap activity__date">{formatDateTime(t.created_at)}</td>
                  <td className="activity__type">{t.type.toUpperCase()}</td>
                  <td className={t.amount < 0 ? 'amount amount--out' : 'amount'}>{formatNumber(t.amount)}</td>
                  <td className="activity__description">{t.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Credits used</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {usage.map((u) => (
                <tr key={u.id}>
                  <td className="nowrap activity__date">{formatDateTime(u.created_at)}</td>
                  <td className="amount">{formatNumber(u.credits_used)}</td>
                  <td className="activity__description">{u.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
