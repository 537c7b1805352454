import { useState } from 'react';
import { useToast } from '../../../components/Toast';
import { useSendTestEvent } from '../api/test-events';
import type { TestEventKind } from '../types';

const kinds: { kind: TestEventKind; label: string }[] = [
  { kind: 'renewal', label: 'Send monthly renewal' },
  { kind: 'cancellation', label: 'Send cancellation' },
  { kind: 'refund', label: 'Send refund' },
];

/** Simulator mode only: correctly signed Stripe events for an organization, through the real webhook. */
/**
 * `orgs` is null when the viewer may not list organizations (or the list could not be read): they type
 * an id instead; while the list loads, the choice waits for it (it never turns from a text field into a
 * list under the viewer's hands).
 */
export function TestEventsPanel({ canSend, orgs }: { canSend: boolean; orgs: { id: string; name: string }[] | 'loading' | null }) {
  const send = useSendTestEvent();
  const toast = useToast();
  const [orgId, setOrgId] = useState('');

  if (!canSend) return null;
  const fire = (kind: TestEventKind) =>
    send.mutate(
      { orgId: orgId.trim(), kind },
      { onSuccess: (res) => toast.success(`Sent ${res.type}`), onError: (err) => toast.error(err.message) },
    );

  return (
    <section className="card test-events" aria-labelledby="test-events-title">
      <h2 id="test-events-title">Test events</h2>
      <p className="test-events__note">
        The local checkout simulator is on. These send a signed event to the webhook, as Stripe would: a renewal of the
        organization&apos;s subscription, its cancellation, or a full refund of its last one-time payment.
      </p>
      <label className="field">
        <span className="field__label">Organization</span>
        {orgs ? (
          <select className="input" name="orgId" value={orgId} disabled={orgs === 'loading'} onChange={(e) => setOrgId(e.target.value)}>
            <option value="">{orgs === 'loading' ? 'Loading organizations…' : 'Choose an organization'}</option>
            {(orgs === 'loading' ? [] : orgs).map((org) => (
              <option key={org.id} value={org.id}>
                {org.name}
              </option>
            ))}
          </select>
        ) : (
          <input className="input" name="orgId" placeholder="Organization id" value={orgId} onChange={(e) => setOrgId(e.target.value)} />
        )}
      </label>
      {kinds.map(({ kind, label }) => (
        <button key={kind} type="button" className="button button--secondary" disabled={!orgId.trim() || send.isPending} onClick={() => fire(kind)}>
          {label}
        </button>
      ))}
    </section>
  );
}
