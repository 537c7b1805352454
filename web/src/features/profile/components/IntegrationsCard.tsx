import { ApiKeys } from './ApiKeys';
import { LowBalanceAlert } from './LowBalanceAlert';
import { Webhooks } from './Webhooks';

/** API keys, webhook endpoints with their delivery logs, and the low-balance alert of the member's organization. */
export function IntegrationsCard() {
  return (
    <section className="card integrations" aria-labelledby="integrations-title">
      <h2 id="integrations-title">Integrations</h2>
      <LowBalanceAlert />
      <ApiKeys />
      <Webhooks />
    </section>
  );
}
