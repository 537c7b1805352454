import { ApiError } from '../../lib/api';

/** The profile save's failure text, from spec section 8. */
export function saveFailureMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return err instanceof Error ? 'Failed to save' : 'Unknown error occurred';
  const body = err.body as { type?: unknown; field?: unknown; message?: unknown; error?: unknown } | undefined;
  if (body && typeof body === 'object') {
    if (body.type === 'duplicate') return `Duplicate entry: ${String(body.field)}`;
    if (typeof body.message === 'string' && body.message) return body.message;
    if (typeof body.error === 'string' && body.error) return body.error;
  }
  if (err.status === 0) return 'Failed to save';
  return 'Unexpected API error';
}

/** What the form cannot save without (issue 12: an empty organization name is said, not silently ignored). */
export function missingField(input: { name: string; orgName: string }): string | null {
  if (!input.name.trim()) return 'Name is required.';
  if (!input.orgName.trim()) return 'Organization name is required.';
  return null;
}
