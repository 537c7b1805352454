import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAddEndpoint, useEndpoints, useRemoveEndpoint } from '../api/integrations';
import { DeliveryLog } from './DeliveryLog';
import { OneFieldForm } from './OneFieldForm';
import { Secret } from './Secret';

/** The organization's webhook endpoints: added (the signing secret shown once), removed, each with its delivery log. */
export function Webhooks() {
  const endpoints = useEndpoints();
  const add = useAddEndpoint();
  const remove = useRemoveEndpoint();
  const [open, setOpen] = useState<string | null>(null);
  // The endpoint a click on Remove would remove, until it is confirmed.
  const [removing, setRemoving] = useState<{ id: string; url: string } | null>(null);
  return (
    <div className="integrations__part">
      <h3>Webhooks</h3>
      <p className="muted">Signed per Standard Webhooks: credits granted, low, depleted or expired, holds expired, plan changes, an auto top-up that failed, a board meeting's action items, a budget's threshold crossed.</p>
      <OneFieldForm label="Endpoint URL" placeholder="https://example.com/hooks" maxLength={2000} action="Add endpoint" pending={add.isPending} onSubmit={(url, saved) => add.mutate(url, { onSuccess: saved })} />
      {add.error && (
        <p className="form-error" role="alert">
          {add.error.message}
        </p>
      )}
      {add.data && <Secret label="Signing secret:" value={add.data.secret} testId="shown-webhook-secret" />}
      <ul className="integrations__list" data-testid="webhook-endpoints">
        {(endpoints.data ?? []).map((ep) => (
          <li key={ep.id}>
            <code>{ep.url}</code>{' '}
            <button className="button button--small button--secondary" type="button" onClick={() => setOpen(open === ep.id ? null : ep.id)}>
              {open === ep.id ? 'Hide deliveries' : 'Deliveries'}
            </button>{' '}
            <button className="button button--small button--secondary" type="button" onClick={() => setRemoving({ id: ep.id, url: ep.url })} disabled={remove.isPending}>
              Remove
            </button>
            {open === ep.id && <DeliveryLog endpointId={ep.id} />}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this endpoint?"
        confirmLabel="Remove endpoint"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
        onCancel={() => setRemoving(null)}
      >
        <p>{removing?.url} receives no more events. Added again, it gets a new signing secret.</p>
      </ConfirmDialog>
    </div>
  );
}
