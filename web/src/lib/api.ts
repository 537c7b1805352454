export type QueryValue = string | number | boolean | null | undefined;

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function errorMessage(body: unknown, fallback: string): string {
  if (typeof body === 'string' && body.trim()) return body;
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    // A machine code in `error` (e.g. 'org_inactive') beside a sentence in `message`: the sentence.
    const isCode = typeof error === 'string' && /^[a-z][a-z0-9_]*$/.test(error);
    if (typeof error === 'string' && error && !(isCode && typeof message === 'string' && message)) return error;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}

/**
 * Who wants to know that the server answered a read before its read models showed this session's
 * last command (`x-stale: true`, after waiting a second for them): the app refetches shortly after.
 */
const staleListeners = new Set<() => void>();
export function onStaleAnswer(listener: () => void): () => void {
  staleListeners.add(listener);
  return () => staleListeners.delete(listener);
}

export async function apiFetch<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  const hasBody = body !== undefined;
  // A form (a file upload) goes as multipart, its boundary set by the browser, with the header a cross-site form cannot send.
  const form = body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), {
      method,
      credentials: 'include',
      headers: form ? { 'x-requested-with': 'fetch' } : hasBody ? { 'content-type': 'application/json' } : undefined,
      body: form ? body : hasBody ? JSON.stringify(body) : undefined,
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, undefined, 'Network error');
  }
  const data = await readBody(res);
  if (res.ok && res.headers.get('x-stale') === 'true') staleListeners.forEach((listener) => listener());
  if (!res.ok) throw new ApiError(res.status, data, errorMessage(data, `Request failed (${res.status})`));
  return data as T;
}

/**
 * What to tell a person about a failed call: the server's own words for a refusal it explained
 * (4xx, e.g. "Duplicate entry: name" or the last-admin 409), else the page's generic text.
 */
export function serverMessage(err: unknown, fallback: string): string {
  if (!(err instanceof ApiError) || err.status < 400 || err.status >= 500) return fallback;
  return errorMessage(err.body, fallback);
}
