export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

export type Prepared =
  | { ok: true; path: string; method: Method; body: string | undefined }
  | { ok: false; error: string };

export const hasBody = (method: Method) => method !== 'GET';

/**
 * Checks a request before it is sent: only this site's own /api/ paths (so the admin's cookie
 * never leaves the site), and a payload that is JSON. Nothing is sent when this says no.
 */
export function prepareRequest(method: Method, url: string, payload: string, origin: string): Prepared {
  const raw = url.trim();
  if (!raw) return { ok: false, error: 'Enter a URL, for example /api/auth/me' };
  let target: URL;
  try {
    target = new URL(raw, origin);
  } catch {
    return { ok: false, error: `Not a URL: ${raw}` };
  }
  if (target.origin !== origin) {
    return { ok: false, error: `Only this site's own /api/ addresses can be called, not ${target.origin === 'null' ? raw : target.origin}` };
  }
  if (!target.pathname.startsWith('/api/')) return { ok: false, error: 'Only paths under /api/ can be called' };
  const path = `${target.pathname}${target.search}`;
  if (!hasBody(method) || !payload.trim()) return { ok: true, path, method, body: undefined };
  try {
    return { ok: true, path, method, body: JSON.stringify(JSON.parse(payload)) };
  } catch (err) {
    return { ok: false, error: `The payload is not valid JSON: ${(err as Error).message}` };
  }
}

/** JSON answers pretty-printed; anything else as it came. */
export function formatResponse(text: string): string {
  if (!text) return '(empty response)';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
