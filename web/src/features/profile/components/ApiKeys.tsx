import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/integrations';
import { OneFieldForm } from './OneFieldForm';
import { Secret } from './Secret';
import { Moment } from '../../../components/Moment';

/** The organization's API keys: made (the key shown once), listed with their last use, revoked. */
export function ApiKeys() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  // The key a click on Revoke would revoke, until it is confirmed: the servers using it are refused at once.
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  return (
    <div className="integrations__part">
      <h3>API keys</h3>
      <p className="muted">Servers spend and read credits with a key: its owners and billing members make and revoke them.</p>
      <OneFieldForm label="Key name" placeholder="Key name" maxLength={100} action="Create key" pending={create.isPending} onSubmit={(name, saved) => create.mutate(name, { onSuccess: saved })} />
      {create.data && <Secret label="Your new key:" value={create.data.key} testId="shown-key" />}
      <ul className="integrations__list" data-testid="api-keys">
        {(keys.data ?? []).map((k) => (
          <li key={k.id}>
            <strong>{k.name}</strong> <code>{k.prefix}…</code>{' '}
            <span className="muted">
              made <Moment at={k.createdAt} /> · {k.lastUsedAt ? <>last used <Moment at={k.lastUsedAt} /></> : 'never used'}
            </span>{' '}
            {k.revokedAt ? (
              <span className="muted">revoked <Moment at={k.revokedAt} /></span>
            ) : (
              <button className="button button--small button--secondary" type="button" onClick={() => setRevoking({ id: k.id, name: k.name })} disabled={revoke.isPending}>
                Revoke
              </button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this key?"
        confirmLabel="Revoke key"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) })}
        onCancel={() => setRevoking(null)}
      >
        <p>Servers using “{revoking?.name}” are refused from the next request. A revoked key cannot be used again: make a new one for them.</p>
      </ConfirmDialog>
    </div>
  );
}
