import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/Modal';
import { emptyPlanForm, fromPlanForm, planProblem, toPlanForm, type PlanForm } from '../plan-form';
import type { AdminPlan } from '../types';

interface Props {
  open: boolean;
  plan: AdminPlan | null;
  saving: boolean;
  onClose: () => void;
  onSave: (form: PlanForm) => void;
}

/** Create (plan null) or edit a plan. */
export function PlanFormModal({ open, plan, saving, onClose, onSave }: Props) {
  const [form, setForm] = useState<PlanForm>(plan ? toPlanForm(plan) : emptyPlanForm);
  const id = useId();
  const set = <K extends keyof PlanForm>(key: K, value: PlanForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const problem = planProblem(fromPlanForm(form));
  const [showProblem, setShowProblem] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) setShowProblem(true);
    else onSave(form);
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={plan ? `Edit ${plan.name}` : 'Create Subscription'}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={id} className="button button--primary" disabled={saving}>
            {saving ? 'Saving...' : plan ? 'Save' : 'Create'}
          </button>
        </>
      }
    >
      <form id={id} className="plan-form" onSubmit={submit}>
        <label className="field">
          <span className="field__label">Name</span>
          <input className="input" name="name" required value={form.name} onChange={(e) => set('name', e.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">Description</span>
          <textarea className="input" name="description" rows={2} value={form.description} onChange={(e) => set('description', e.target.value)} />
        </label>
        <div className="plan-form__numbers">
          <label className="field">
            <span className="field__label">Price (USD)</span>
            <input className="input" name="price_usd" type="number" min="0" step="0.01" required value={form.price_usd} onChange={(e) => set('price_usd', e.target.value)} />
          </label>
          <label className="field">
            <span className="field__label">Monthly credits</span>
            <input
              className="input"
              name="monthly_credits"
              type="number"
              min="0"
              step="1"
              required
              aria-invalid={showProblem && problem?.field === 'monthly_credits' ? true : undefined}
              aria-describedby={showProblem && problem ? `${id}-problem` : undefined}
              value={form.monthly_credits}
              onChange={(e) => set('monthly_credits', e.target.value)}
            />
          </label>
          <label className="field">
            <span className="field__label">One-time credits</span>
            <input className="input" name="one_time_credits" type="number" min="0" step="1" required value={form.one_time_credits} onChange={(e) => set('one_time_credits', e.target.value)} />
          </label>
          <label className="field">
            <span className="field__label">Pack expiry (days)</span>
            <input
              className="input"
              name="one_time_expiry_days"
              type="number"
              min="1"
              step="1"
              placeholder="Never"
              value={form.one_time_expiry_days}
              onChange={(e) => set('one_time_expiry_days', e.target.value)}
            />
          </label>
        </div>
        <div className="plan-form__flags">
          {(['is_one_time', 'system_only', 'is_active', 'rollover'] as const).map((flag) => (
            <label key={flag} className="plan-form__flag">
              <input type="checkbox" name={flag} checked={form[flag]} onChange={(e) => set(flag, e.target.checked)} />
              {{ is_one_time: 'One-time', system_only: 'System only', is_active: 'Active', rollover: 'Rollover' }[flag]}
            </label>
          ))}
        </div>
        {showProblem && problem && (
          <p id={`${id}-problem`} className="form-error" role="alert">
            {problem.message}
          </p>
        )}
        <label className="field">
          <span className="field__label">Example usages (one per line)</span>
          <textarea className="input" name="example_usages" rows={3} value={form.example_usages} onChange={(e) => set('example_usages', e.target.value)} />
        </label>
      </form>
    </Modal>
  );
}
