import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPost, apiUpload } from './api-contract';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('calls through the generated contract', () => {
  it('fills a path parameter, encoded, and sends no body when the call takes none', async () => {
    const fetchMock = vi.fn(async () => json(202, { accepted: true, name: 'a b' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiPost('/api/admin/projections/{name}/retry', { params: { name: 'a b' } })).resolves.toEqual({ accepted: true, name: 'a b' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/projections/a%20b/retry');
    expect(init.method).toBe('POST');
    expect(init.body).toBeUndefined();
  });

  it('uploads a form to a filled path as multipart, with the header a cross-site form cannot send', async () => {
    const fetchMock = vi.fn(async () => json(201, { id: 'f', name: 'a.txt', bytes: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.txt');
    await expect(apiUpload('/api/projects/{id}/files', { params: { id: 'p/1' }, form })).resolves.toMatchObject({ name: 'a.txt' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/projects/p%2F1/files');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(form);
    expect(init.headers).toEqual({ 'x-requested-with': 'fetch' });
  });
});
