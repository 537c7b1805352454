import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { creditAlertsQueryOptions } from '../../../components/CreditAlertBanner';
import { useToast } from '../../../components/Toast';
import { useSetAlerts } from '../api/integrations';
import { plural } from '../../../lib/format';

/** The balance below which the organization is alerted (empty: no alert). */
export function LowBalanceAlert() {
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
        toast.success(credits === null ? 'Low-balance alert turned off' : `Low-balance alert saved: below ${plural(credits, 'credit')}`);
      },
    });
  };
  return (
    <div className="integrations__part">
      <h3>Low-balance alert</h3>
      <form onSubmit={submit} className="integrations__form">
        <input className="input" aria-label="Alert below (credits)" type="number" min={1} step={1} placeholder="No alert" value={shown} onChange={(e) => setValue(e.target.value)} />
        <button className="button button--primary" type="submit" disabled={save.isPending}>
          Save alert
        </button>
      </form>
      {save.error && (
        <p className="form-error" role="alert">
          {save.error.message}
        </p>
      )}
    </div>
  );
}
