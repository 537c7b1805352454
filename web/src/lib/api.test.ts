import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, buildUrl, errorMessage, onStaleAnswer, serverMessage } from './api';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch', () => {
  it('tells its listeners of an answer the server marked stale, and only of those', async () => {
    const heard = vi.fn();
    const stop = onStaleAnswer(heard);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"n":1}', { status: 200, headers: { 'content-type': 'application/json', 'x-stale': 'true' } })));
    await expect(apiFetch('/api/thing')).resolves.toEqual({ n: 1 });
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { n: 2 })));
    await apiFetch('/api/thing');
    stop();
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('sends credentials and no content type when there is no body', async () => {
    const fetchMock = vi.fn(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(apiFetch('/api/thing')).resolves.toEqual({ ok: true });

    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('GET');
    expect(init.headers).toBeUndefined();
    expect(init.body).toBeUndefined();
  });

  it('sends a JSON body with its content type', async () => {
    const fetchMock = vi.fn(async () => json(200, {}));
    vi.stubGlobal('fetch', fetchMock);

    await apiFetch('/api/projects', { method: 'POST', body: { name: 'A' } });

    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toEqual({ 'content-type': 'application/json' });
    expect(init.body).toBe('{"name":"A"}');
  });

  it('throws an ApiError carrying status, body and the server message on non-2xx', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(409, { error: 'Name taken' })));

    const err = await apiFetch('/api/x').catch((e: unknown) => e);

    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, body: { error: 'Name taken' }, message: 'Name taken' });
  });

  it('turns a failed fetch into a Network error with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('fetch failed'))));

    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 0, message: 'Network error' });
  });
});

describe('buildUrl', () => {
  it('adds defined query values and skips empty ones', () => {
    expect(buildUrl('/api/a', { page: 2, search: '', sortField: undefined, sortOrder: 'asc' })).toBe(
      '/api/a?page=2&sortOrder=asc',
    );
    expect(buildUrl('/api/a?x=1', { page: 1 })).toBe('/api/a?x=1&page=1');
    expect(buildUrl('/api/a')).toBe('/api/a');
  });
});

describe('errorMessage', () => {
  it("prefers the server's sentence to a machine code beside it", () => {
    expect(errorMessage({ error: 'org_inactive', message: 'Your organization is not active' }, 'x')).toBe('Your organization is not active');
    expect(errorMessage({ error: 'Duplicate entry: name', message: 'Duplicate entry: name' }, 'x')).toBe('Duplicate entry: name');
    expect(errorMessage({ error: 'org_inactive' }, 'x')).toBe('org_inactive');
    expect(errorMessage(undefined, 'fallback')).toBe('fallback');
  });
});

describe('serverMessage', () => {
  it("shows the server's words for a refusal and the page's text otherwise", () => {
    expect(serverMessage(new ApiError(409, { error: 'Duplicate entry: name' }, 'x'), 'Failed to create role.')).toBe('Duplicate entry: name');
    expect(serverMessage(new ApiError(500, { error: 'Internal Server Error' }, 'x'), 'Failed to create role.')).toBe('Failed to create role.');
    expect(serverMessage(new ApiError(0, undefined, 'Network error'), 'Failed to create role.')).toBe('Failed to create role.');
    expect(serverMessage(new Error('boom'), 'Failed to create role.')).toBe('Failed to create role.');
  });
});
