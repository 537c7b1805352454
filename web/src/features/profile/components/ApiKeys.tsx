import { useState, type FormEvent } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/integrations';
import { Secret } from './Secret';

/** The organization's API keys: made (the key shown once), listed with their last use, revoked. */
export function ApiKeys() {
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
