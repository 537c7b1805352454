import { formatDateTime } from '../../../lib/format';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/integrations';
import { OneFieldForm } from './OneFieldForm';
import { Secret } from './Secret';

/** The organization's API keys: made (the key shown once), listed with their last use, revoked. */
export function ApiKeys() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  return (
    <div className="integrations__part">
      <h3>API keys</h3>
      <p className="muted">Servers spend and read credits with a key: any member of the organization may make or revoke one.</p>
      <OneFieldForm label="Key name" placeholder="Key name" maxLength={100} action="Create key" pending={create.isPending} onSubmit={(name, saved) => create.mutate(name, { onSuccess: saved })} />
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
              <button className="button button--small button--secondary" type="button" onClick={() => revoke.mutate(k.id)} disabled={revoke.isPending}>
                Revoke
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
