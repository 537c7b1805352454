import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { checkoutSessionCompleted } from '../services/billing/simulator/events.ts';
import { signPayload } from '../services/billing/stripe.ts';
import type { Config } from '../services/platform/config.ts';
import { Client, signIn } from '../tests/support/http.ts';
import { percentile, progress, result, type ScenarioResult } from './lib.ts';
import type { Member } from './setup.ts';

/** Signed `checkout.session.completed` for a one-time pack, until the credits show on the member's profile. */
export async function webhookScenario(apiUrl: string, config: Config, _pool: pg.Pool, member: Member, count: number): Promise<ScenarioResult> {
  const name = 'signed Stripe webhook -> credits visible on /api/me/profile';
  const line = progress(name);
  const admin = await signIn(apiUrl, 'admin@example.com');
  const plan = await admin.post('/api/admin/subscriptions', {
    name: `Bench pack ${randomUUID().slice(0, 6)}`,
    description: 'Credits for the benchmark',
    price_usd: 9.99,
    one_time_credits: 100,
    is_one_time: true,
  });
  if (plan.status !== 201) throw new Error(`could not create a plan: ${plan.status} ${JSON.stringify(plan.body)}`);
  const planId = plan.body.subscription.id as string;
  const profile = new Client(apiUrl);
  profile.cookie = member.cookie;
  const credits = async () => Number((await profile.get('/api/me/profile')).body?.organization?.credits ?? NaN);
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const before = await credits();
    const created = Math.floor(Date.now() / 1000);
    const event = checkoutSessionCompleted(
      { eventId: `evt_bench_${randomUUID().replaceAll('-', '')}`, created },
      {
        sessionId: `cs_bench_${randomUUID().replaceAll('-', '')}`,
        mode: 'payment',
        amount: 999,
        currency: 'usd',
        email: 'bench@example.com',
        customer: `cus_bench_${i}`,
        subscriptionId: null,
        invoiceId: null,
        paymentIntentId: `pi_bench_${randomUUID().replaceAll('-', '')}`,
        metadata: { orgId: member.orgId, userId: member.userId, planId },
      },
    );
    const payload = JSON.stringify(event);
    const started = performance.now();
    const res = await fetch(`${apiUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(payload, config.STRIPE_WEBHOOK_SECRET) },
      body: payload,
    });
    if (res.status !== 200) throw new Error(`webhook refused: ${res.status} ${await res.text()}`);
    const until = Date.now() + 10_000;
    while ((await credits()) < before + 100) {
      if (Date.now() > until) throw new Error('credits did not show within 10 s');
      await new Promise((r) => setTimeout(r, 2));
    }
    latencies.push(performance.now() - started);
    line.update(`${i + 1}/${count} delivered`);
  }
  const p50 = Math.round(percentile(latencies, 50));
  const p99 = Math.round(percentile(latencies, 99));
  line.done(`p50 ${p50} ms, p99 ${p99} ms over ${count} payments`);
  return result(name, p99, 'ms p99', null, { maxFigure: 100, text: 'p99 < 100 ms (absolute)' }, { p50, p99, deliveries: count });
}
