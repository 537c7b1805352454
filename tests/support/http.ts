/** A small client for API tests: JSON in and out, a cookie jar of one session. */
export class Client {
  /** The session cookie (`sid=…`). */
  cookie = '';
  /** Other cookies the server set (e.g. the read-your-writes position), sent back like a browser would. */
  readonly jar = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie || this.jar.size ? { cookie: [this.cookie, ...[...this.jar].map(([k, v]) => `${k}=${v}`)].filter(Boolean).join('; ') } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.getSetCookie();
    for (const c of setCookie) {
      const [pair] = c.split(';');
      if (pair.startsWith('sid=')) this.cookie = pair.endsWith('=') ? '' : pair;
      else {
        const [name, ...value] = pair.split('=');
        const cleared = value.join('=') === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(c);
        if (cleared) this.jar.delete(name);
        else this.jar.set(name, value.join('='));
      }
    }
    const text = await res.text();
    let json: T;
    try {
      json = text ? JSON.parse(text) : (undefined as T);
    } catch {
      json = text as T;
    }
    return { status: res.status, body: json, headers: res.headers };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body);
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body);
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, body);
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }
}

/** Signs in through the dev sign-in; answers a client holding the session. */
export async function signIn(baseUrl: string, email: string, name = email.split('@')[0]): Promise<Client> {
  const client = new Client(baseUrl);
  const res = await client.post('/api/auth/dev-login', { email, name });
  if (res.status !== 200) throw new Error(`dev sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}
