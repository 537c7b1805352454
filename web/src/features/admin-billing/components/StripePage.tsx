import { useAuth } from '../../../lib/auth/hooks';
import { holds } from '../../../lib/auth/permissions';
import { useAdminPlans } from '../api/get-admin-plans';
import { useOrgOptions, useSimulator } from '../api/test-events';
import { ReconcilePanel } from './ReconcilePanel';
import { TestEventsPanel } from './TestEventsPanel';
import { TransactionsTable } from './TransactionsTable';
import { WebhookLogTable } from './WebhookLogTable';
import '../admin-billing.css';

export default function StripePage() {
  const { user } = useAuth();
  const simulator = useSimulator();
  const canSend = holds(user?.permissions, 'admin.stripe.edit') && simulator.data?.testEvents === true;
  const canListOrgs = holds(user?.permissions, 'admin.orgs.view');
  const orgs = useOrgOptions(canListOrgs);
  const orgNames = new Map((orgs.data ?? []).map((org) => [org.id, org.name]));
  const plans = useAdminPlans(holds(user?.permissions, 'admin.subscriptions.view'));
  const planNames = new Map((plans.data ?? []).map((plan) => [plan.id, plan.name]));

  return (
    <div className="admin-page">
      <h1>Stripe</h1>
      <TestEventsPanel canSend={canSend} orgs={!canListOrgs || orgs.isError ? null : (orgs.data ?? 'loading')} />
      <ReconcilePanel canRun={holds(user?.permissions, 'admin.stripe.edit')} />
      <section className="admin-billing__section" aria-labelledby="transactions-title">
        <h2 id="transactions-title">Payment transactions</h2>
        <TransactionsTable orgNames={orgNames} planNames={planNames} />
      </section>
      <section className="admin-billing__section" aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Webhook log</h2>
        <WebhookLogTable />
      </section>
    </div>
  );
}
