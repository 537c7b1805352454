import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/Modal';
import { useToast } from '../../../components/Toast';
import { serverMessage } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { useAdjustCredits } from '../api/adjust-credits';
import { emptyGrantForm, grantProblem, toGrantBody, type GrantForm } from '../grant-form';
import { MomentInput } from '../../../components/MomentInput';

/** Grant credits to an organization (a lot: source, priority, expiry) or remove some (negative, in spending order). */
export function AdjustCreditsModal({ org, onClose }: { org: { id: string; name: string }; onClose: () => void }) {
  const [form, setForm] = useState<GrantForm>(emptyGrantForm);
  const [showProblem, setShowProblem] = useState(false);
  const adjust = useAdjustCredits();
  const toast = useToast();
  const id = useId();
  const set = <K extends keyof GrantForm>(key: K, value: GrantForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const problem = grantProblem(form);
  // A removal takes credits in spending order: it has no source, priority or expiry of its own.
  const removing = Number(form.amount) < 0;
  const invalid = (field: keyof GrantForm) => (showProblem && problem?.field === field ? true : undefined);
  const described = (field: keyof GrantForm) => (showProblem && problem?.field === field ? `${id}-problem` : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return setShowProblem(true);
    adjust.mutate(
      { orgId: org.id, body: toGrantBody(form) },
      {
        onSuccess: (answer) => {
          toast.success(`Credits updated: ${org.name} now has ${formatNumber(answer.balance)} credits`);
          onClose();
        },
        onError: (err) => toast.error(serverMessage(err, 'Failed to update credits')),
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`${org.name}: credits`}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={id} className="button button--primary" disabled={adjust.isPending}>
            {adjust.isPending ? 'Saving...' : 'Save'}
          </button>
        </>
      }
    >
      <form id={id} className="plan-form" onSubmit={submit} noValidate>
        <p className="muted">A positive amount grants a lot of credits; a negative one removes credits in spending order.</p>
        <div className="plan-form__numbers">
          <label className="field">
            <span className="field__label">Amount</span>
            <input className="input" name="amount" type="number" step="1" required aria-invalid={invalid('amount')} aria-describedby={described('amount')} value={form.amount} onChange={(e) => set('amount', e.target.value)} />
          </label>
          <label className="field">
            <span className="field__label">Source</span>
            <select className="input" name="source" disabled={removing} value={form.source} onChange={(e) => set('source', e.target.value as GrantForm['source'])}>
              <option value="manual">Manual</option>
              <option value="promo">Promotional</option>
            </select>
          </label>
          <label className="field">
            <span className="field__label">Priority</span>
            <input className="input" name="priority" disabled={removing} type="number" min="0" max="100" step="1" placeholder="5" aria-invalid={invalid('priority')} aria-describedby={described('priority')} value={form.priority} onChange={(e) => set('priority', e.target.value)} />
          </label>
          <label className="field">
            <span className="field__label">Expires</span>
            <MomentInput name="expiresAt" disabled={removing} aria-invalid={invalid('expiresAt')} aria-describedby={described('expiresAt')} value={form.expiresAt} onChange={(value) => set('expiresAt', value)} />
          </label>
        </div>
        <label className="field">
          <span className="field__label">Description</span>
          <input className="input" name="description" required maxLength={500} aria-invalid={invalid('description')} aria-describedby={described('description')} value={form.description} onChange={(e) => set('description', e.target.value)} />
        </label>
        {showProblem && problem && (
          <p id={`${id}-problem`} className="form-error" role="alert">
            {problem.message}
          </p>
        )}
      </form>
    </Modal>
  );
}
