import { useState, type FormEvent } from 'react';
import { useAddEndpoint, useEndpoints, useRemoveEndpoint } from '../api/integrations';
import { DeliveryLog } from './DeliveryLog';
import { Secret } from './Secret';

/** The organization's webhook endpoints: added (the signing secret shown once), removed, each with its delivery log. */
export function Webhooks() {
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
