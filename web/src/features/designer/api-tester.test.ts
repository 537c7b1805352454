import { describe, expect, it } from 'vitest';
import { formatResponse, prepareRequest } from './api-tester';

const origin = 'https://board.example.com';

describe('prepareRequest', () => {
  it('accepts a same-origin /api path, relative or absolute, and keeps its query', () => {
    expect(prepareRequest('GET', '/api/admin/tags?x=1', '', origin)).toEqual({ ok: true, path: '/api/admin/tags?x=1', method: 'GET', body: undefined });
    expect(prepareRequest('GET', `${origin}/api/auth/me`, '', origin)).toMatchObject({ ok: true, path: '/api/auth/me' });
  });

  it('refuses other origins, including protocol-relative and backslash tricks', () => {
    for (const url of ['https://evil.example/api/x', '//evil.example/api/x', '/\\evil.example/api/x', 'http://board.example.com/api/x']) {
      const prepared = prepareRequest('GET', url, '', origin);
      expect(prepared.ok, url).toBe(false);
      expect(prepared.ok ? '' : prepared.error, url).toContain("Only this site's own /api/ addresses");
    }
    expect(prepareRequest('GET', 'javascript:alert(1)', '', origin).ok).toBe(false);
  });

  it('refuses paths outside /api/, also when dot segments lead out of it', () => {
    expect(prepareRequest('GET', '/admin', '', origin)).toEqual({ ok: false, error: 'Only paths under /api/ can be called' });
    expect(prepareRequest('GET', '/api/../admin', '', origin).ok).toBe(false);
    expect(prepareRequest('GET', '/apixyz', '', origin).ok).toBe(false);
  });

  it('sends a JSON payload compacted, and nothing for GET or an empty payload', () => {
    expect(prepareRequest('POST', '/api/admin/tags', '{ "name": "a" }', origin)).toMatchObject({ ok: true, body: '{"name":"a"}' });
    expect(prepareRequest('POST', '/api/admin/tags', '  ', origin)).toMatchObject({ ok: true, body: undefined });
    expect(prepareRequest('GET', '/api/admin/tags', '{ not json', origin)).toMatchObject({ ok: true, body: undefined });
  });

  it('refuses a payload that is not JSON, saying so', () => {
    const prepared = prepareRequest('PUT', '/api/admin/tags', '{ "name": ', origin);
    expect(prepared.ok).toBe(false);
    expect(prepared.ok ? '' : prepared.error).toMatch(/^The payload is not valid JSON/);
  });
});

describe('formatResponse', () => {
  it('pretty-prints JSON and leaves text alone', () => {
    expect(formatResponse('{"a":[1]}')).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(formatResponse('<html>')).toBe('<html>');
    expect(formatResponse('')).toBe('(empty response)');
  });
});
