/** The admin's credit adjustment form: text, as inputs hold it, and the body it sends. */
export interface GrantForm {
  amount: string;
  description: string;
  source: 'manual' | 'promo';
  /** Empty: the source's default (5 for manual and promo credits). */
  priority: string;
  /** A local date and time (`MomentInput`, as a datetime-local value); empty: never expires. */
  expiresAt: string;
}

export const emptyGrantForm: GrantForm = { amount: '', description: '', source: 'manual', priority: '', expiresAt: '' };

export interface GrantBody {
  amount: number;
  description: string;
  source?: 'manual' | 'promo';
  priority?: number;
  expiresAt?: string;
}

/** What keeps the form from being sent, said as the field's problem; null when it may go (the server checks the rest). */
export function grantProblem(form: GrantForm, now = new Date()): { field: keyof GrantForm; message: string } | null {
  const amount = Number(form.amount);
  if (form.amount.trim() === '' || !Number.isInteger(amount) || amount === 0)
    return { field: 'amount', message: 'Amount must be a whole number of credits, not zero (negative removes credits).' };
  if (form.description.trim() === '') return { field: 'description', message: 'Say why: the description shows in the history.' };
  // A removal sends no priority or expiry (their fields are disabled): nothing of them to check.
  if (amount < 0) return null;
  if (form.priority !== '') {
    const priority = Number(form.priority);
    if (!Number.isInteger(priority) || priority < 0 || priority > 100) return { field: 'priority', message: 'Priority is a whole number from 0 (spent first) to 100.' };
  }
  if (form.expiresAt !== '') {
    const at = new Date(form.expiresAt);
    if (Number.isNaN(at.getTime()) || at <= now) return { field: 'expiresAt', message: 'Expiry must be in the future.' };
  }
  return null;
}

/** A removal (negative amount) names no lot: source, priority and expiry belong to a grant. */
export function toGrantBody(form: GrantForm): GrantBody {
  const amount = Number(form.amount);
  if (amount < 0) return { amount, description: form.description.trim() };
  return {
    amount,
    description: form.description.trim(),
    source: form.source,
    ...(form.priority === '' ? {} : { priority: Number(form.priority) }),
    ...(form.expiresAt === '' ? {} : { expiresAt: new Date(form.expiresAt).toISOString() }),
  };
}
