import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CopyButton } from '../../../components/CopyButton';
import { creditAlertsQueryOptions } from '../../../components/CreditAlertBanner';
import { useToast } from '../../../components/Toast';
import { formatDateTime } from '../../../lib/format';
import {
  useAddEndpoint,
  useApiKeys,
  useCreateApiKey,
  useDeliveries,
  useEndpoints,
  useRemoveEndpoint,
  useResend,
  useRevokeApiKey,
  useSetAlerts,
} from '../api/integrations';

/** A secret shown once, right after it was made. */
function Secret({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <p className="integrations__secret" role="status">
      {label} <code data-testid={testId}>{value}</code> <CopyButton value={value} /> Copy it now: it is not shown again.
    </p>
  );
}

function ApiKeys() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) create.mutate(name.trim(), { onSuccess: () => setName('') });
  };
  return (
    <div className="integrations__part">
      <h3>API keys</h3>
      <p className="muted">Servers spend and read credits with a key: any member of the organization may make or revoke one.</p>
      <form onSubmit={submit} className="integrations__form">
        <input aria-label="Key name" placeholder="Key name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        <button className="button" type="submit" disabled={create.isPending}>
          Create key
        </button>
      </form>
      {create.data && <Secret label="Your new key:" value={create.data.key} testId="shown-key" />}
      <ul className="integrations__list" data-testid="api-keys">
        {(keys.data ?? []).map((k) => (
          <li key={k.id}>
            <strong>{k.name}</strong> <code>{k.prefix}…</code>{' '}
            <span className="muted">
              made {formatDateTime(k.createdAt)} · {k.lastUsedAt ? `last used ${formatDateTime(k.lastUsedAt)}` : 'never used'}
            </span>{' '}
            {k.revokedAt ? (
              <span className="muted">revoked {formatDateTime(k.revokedAt)}</span>
            ) : (
              <button className="button button--small" type="button" onClick={() => revoke.mutate(k.id)} disabled={revoke.isPending}>
                Revoke
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const log = useDeliveries(endpointId);
  const resend = useResend();
  if (!log.data?.length) return <p className="muted">No deliveries yet.</p>;
  return (
    <table className="integrations__log">
      <thead>
        <tr>
          <th>Event</th>
          <th>Status</th>
          <th>Attempts</th>
          <th>Last answer</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {log.data.map((d) => {
          const last = d.attemptLog.at(-1);
          return (
            <tr key={d.messageId}>
              <td>
                {d.type} <span className="muted">{formatDateTime(d.createdAt)}</span>
              </td>
              <td>{d.status}</td>
              <td>{d.attempts}</td>
              <td>{last ? (last.error ?? `${last.statusCode}`) + ` (${last.durationMs} ms)` : '—'}</td>
              <td>
                <button className="button button--small" type="button" disabled={resend.isPending} onClick={() => resend.mutate({ id: endpointId, messageId: d.messageId })}>
                  Resend
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Webhooks() {
  const endpoints = useEndpoints();
  const add = useAddEndpoint();
  const remove = useRemoveEndpoint();
  const [url, setUrl] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (url.trim()) add.mutate(url.trim(), { onSuccess: () => setUrl('') });
  };
  return (
    <div className="integrations__part">
      <h3>Webhooks</h3>
      <p className="muted">Signed per Standard Webhooks: credits granted, low, depleted or expired, holds expired, plan changes.</p>
      <form onSubmit={submit} className="integrations__form">
        <input aria-label="Endpoint URL" placeholder="https://example.com/hooks" value={url} maxLength={2000} onChange={(e) => setUrl(e.target.value)} />
        <button className="button" type="submit" disabled={add.isPending}>
          Add endpoint
        </button>
      </form>
      {add.error && <p className="error">{add.error.message}</p>}
      {add.data && <Secret label="Signing secret:" value={add.data.secret} testId="shown-webhook-secret" />}
      <ul className="integrations__list" data-testid="webhook-endpoints">
        {(endpoints.data ?? []).map((ep) => (
          <li key={ep.id}>
            <code>{ep.url}</code>{' '}
            <button className="button button--small" type="button" onClick={() => setOpen(open === ep.id ? null : ep.id)}>
              {open === ep.id ? 'Hide deliveries' : 'Deliveries'}
            </button>{' '}
            <button className="button button--small" type="button" onClick={() => remove.mutate(ep.id)} disabled={remove.isPending}>
              Remove
            </button>
            {open === ep.id && <DeliveryLog endpointId={ep.id} />}
          </li>
        ))}
      </ul>
    </div>
  );
}

function LowBalanceAlert() {
  const alerts = useQuery(creditAlertsQueryOptions());
  const save = useSetAlerts();
  const toast = useToast();
  const [value, setValue] = useState<string | null>(null);
  const shown = value ?? (alerts.data?.lowBalanceCredits != null ? String(alerts.data.lowBalanceCredits) : '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const credits = shown.trim() === '' ? null : Number(shown);
    save.mutate(credits, {
      onSuccess: () => {
        setValue(null);
        toast.success(credits === null ? 'Low-balance alert turned off' : `Low-balance alert saved: below ${credits} credits`);
      },
    });
  };
  return (
    <div className="integrations__part">
      <h3>Low-balance alert</h3>
      <form onSubmit={submit} className="integrations__form">
        <input aria-label="Alert below (credits)" type="number" min={1} step={1} placeholder="No alert" value={shown} onChange={(e) => setValue(e.target.value)} />
        <button className="button" type="submit" disabled={save.isPending}>
          Save alert
        </button>
      </form>
      {save.error && <p className="error">{save.error.message}</p>}
    </div>
  );
}

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
