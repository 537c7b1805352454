import { useAuth } from '../../auth/api/get-me';
import { holds } from '../../auth/permissions';
import { useSimulator } from '../api/test-events';
import { TestEventsPanel } from './TestEventsPanel';
import { TransactionsTable } from './TransactionsTable';
import { WebhookLogTable } from './WebhookLogTable';
import '../admin-billing.css';

export default function StripePage() {
  const { user } = useAuth();
  const simulator = useSimulator();
  const canSend = holds(user?.permissions, 'admin.stripe.edit') && simulator.data?.testEvents === true;

  return (
    <div className="admin-page">
      <h1>Stripe</h1>
      <TestEventsPanel canSend={canSend} />
      <section className="admin-billing__section" aria-labelledby="transactions-title">
        <h2 id="transactions-title">Payment transactions</h2>
        <TransactionsTable />
      </section>
      <section className="admin-billing__section" aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Webhook log</h2>
        <WebhookLogTable />
      </section>
    </div>
  );
}
