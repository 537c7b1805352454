import type { FormEvent } from 'react';
import { useToast } from '../../../components/Toast';
import { formatDate } from '../../../lib/format';
import { useSaveAutoTopUp } from '../api/auto-top-up';
import { useBilling, usePlanNames } from '../api/get-billing';

/** Auto top-up: enabled, threshold, pack and monthly cap; the last failure, and why it turned itself off. */
export function AutoTopUpCard({ hasOrganization }: { hasOrganization: boolean }) {
  const billing = useBilling(hasOrganization);
  const plans = usePlanNames(hasOrganization);
  const save = useSaveAutoTopUp();
  const toast = useToast();
  if (!hasOrganization || !billing.data) return null;
  const current = billing.data.autoTopUp;
  const packs = Array.isArray(plans.data) ? plans.data.filter((p) => p.is_one_time) : [];
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    save.mutate(
      {
        enabled: form.get('enabled') === 'on',
        thresholdCredits: Number(form.get('thresholdCredits')),
        planId: String(form.get('planId') ?? '') || null,
        maxPerMonth: Number(form.get('maxPerMonth')),
      },
      { onSuccess: () => toast.success('Auto top-up saved'), onError: (err) => toast.error(err.message) },
    );
  };
  return (
    <section className="card profile-auto-top-up" aria-labelledby="auto-top-up-title">
      <p className="eyebrow" id="auto-top-up-title">
        Auto top-up
      </p>
      {current.disabledReason ? <p data-testid="auto-top-up-disabled">{current.disabledReason}</p> : null}
      {current.lastFailure ? (
        <p className="muted" data-testid="auto-top-up-failure">
          Last charge failed on {formatDate(current.lastFailure.at)}: {current.lastFailure.reason}
        </p>
      ) : null}
      {/* Keyed by the packs too: a select whose options arrive after it mounted would show None, and a save would clear the pack. */}
      <form className="profile-auto-top-up__form" onSubmit={submit} key={JSON.stringify([current, packs.map((p) => p.id)])}>
        <label className="profile-auto-top-up__enabled">
          <input type="checkbox" name="enabled" defaultChecked={current.enabled} /> Enabled
        </label>
        <label className="field">
          <span className="field__label">Threshold (credits)</span>
          <input className="input" type="number" name="thresholdCredits" min={0} defaultValue={current.thresholdCredits} />
        </label>
        <label className="field">
          <span className="field__label">Pack</span>
          <select className="input" name="planId" defaultValue={current.planId ?? ''}>
            <option value="">None</option>
            {packs.map((p) => (
              <option key={String(p.id)} value={String(p.id)}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Top-ups per month at most</span>
          <input className="input" type="number" name="maxPerMonth" min={0} max={100} defaultValue={current.maxPerMonth} />
        </label>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          Save auto top-up
        </button>
      </form>
    </section>
  );
}
