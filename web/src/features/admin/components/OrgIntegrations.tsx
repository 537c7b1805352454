import { useState } from 'react';
import { Modal } from '../../../components/Modal';
import { plural } from '../../../lib/format';
import { useAdminResend, useAdminRevokeKey, useOrgApiKeys, useOrgDeliveries, useOrgEndpoints } from '../api/org-integrations';
import { ListState } from '../../../components/ListState';
import { Moment } from '../../../components/Moment';

function Deliveries({ orgId, endpointId, canEdit }: { orgId: string; endpointId: string; canEdit: boolean }) {
  const log = useOrgDeliveries(orgId, endpointId);
  const resend = useAdminResend(orgId);
  if (!log.data?.length) return <ListState query={log} empty="No deliveries yet." failed="The deliveries could not be loaded." />;
  return (
    <ul>
      {log.data.map((d) => {
        const last = d.attemptLog.at(-1);
        return (
          <li key={d.messageId}>
            {d.type} · {d.status} · {plural(d.attempts, 'attempt')}
            {last ? ` · last: ${last.error ?? last.statusCode}` : ''} <Moment className="muted" at={d.createdAt} />{' '}
            {canEdit && (
              <button type="button" className="button button--small button--secondary" disabled={resend.isPending} onClick={() => resend.mutate({ endpointId, messageId: d.messageId })}>
                Resend
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** An organization's API keys (never their secret) and webhook endpoints with their delivery logs. */
export function OrgIntegrations({ org, canEdit, onClose }: { org: { id: string; name: string }; canEdit: boolean; onClose: () => void }) {
  const keys = useOrgApiKeys(org.id);
  const endpoints = useOrgEndpoints(org.id);
  const revoke = useAdminRevokeKey(org.id);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Modal open onClose={onClose} title={`${org.name}: integrations`}>
      <h3>API keys</h3>
      <ListState query={keys} empty="No API keys." failed="The API keys could not be loaded." />
      {keys.data?.length ? (
        <ul data-testid="admin-api-keys">
          {keys.data.map((k) => (
            <li key={k.id}>
              <strong>{k.name}</strong> <code>{k.prefix}…</code> <span className="muted">{k.lastUsedAt ? <>last used <Moment at={k.lastUsedAt} /></> : 'never used'}</span>{' '}
              {k.revokedAt ? (
                <span className="muted">revoked</span>
              ) : (
                canEdit && (
                  <button type="button" className="button button--small button--secondary" disabled={revoke.isPending} onClick={() => revoke.mutate(k.id)}>
                    Revoke
                  </button>
                )
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <h3>Webhook endpoints</h3>
      <ListState query={endpoints} empty="No webhook endpoints." failed="The webhook endpoints could not be loaded." />
      {endpoints.data?.length ? (
        <ul>
          {endpoints.data.map((ep) => (
            <li key={ep.id}>
              <code>{ep.url}</code>{' '}
              <button type="button" className="button button--small button--secondary" onClick={() => setOpen(open === ep.id ? null : ep.id)}>
                {open === ep.id ? 'Hide deliveries' : 'Deliveries'}
              </button>
              {open === ep.id && <Deliveries orgId={org.id} endpointId={ep.id} canEdit={canEdit} />}
            </li>
          ))}
        </ul>
      ) : null}
    </Modal>
  );
}
