import { apiFetch, type QueryValue } from './api';
import type { paths } from './api-types';

/**
 * Typed calls and shapes derived from the generated contract (api-types.ts, `npm run gen:api`):
 * the web never writes a server shape by hand.
 */
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type ApiPath = keyof paths;

type Operation<P extends ApiPath, M extends Method> = NonNullable<paths[P][M]>;

/** The paths that answer a method. */
export type PathOf<M extends Method> = { [P in ApiPath]: [Operation<P, M>] extends [never] ? never : P }[ApiPath];

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;
type Success<O> = O extends { responses: infer R } ? R[Extract<keyof R, 200 | 201 | 202 | 204>] : never;

/** The JSON a successful call answers. */
export type ApiAnswer<P extends ApiPath, M extends Method = 'get'> = Json<Success<Operation<P, M>>>;
/** The JSON body a call takes. */
export type ApiBody<P extends ApiPath, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
/** The query parameters a call takes. */
export type ApiQuery<P extends ApiPath, M extends Method = 'get'> = NonNullable<Operation<P, M>['parameters']['query']>;
/** The `{name}` parameters of a path. */
export type ApiParams<P extends ApiPath, M extends Method> = NonNullable<Operation<P, M>['parameters']['path']>;

/** One element of an array type (`Item<ApiAnswer<'/api/projects'>>`). */
export type Item<T> = T extends readonly (infer E)[] ? E : never;

export interface CallOptions<P extends ApiPath, M extends Method> {
  params?: ApiParams<P, M>;
  query?: ApiQuery<P, M>;
  body?: ApiBody<P, M>;
  signal?: AbortSignal;
}

/** `/api/x/{id}` with `{ id: 'a b' }` -> `/api/x/a%20b`; a missing parameter is a programming error. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

export function apiCall<M extends Method, P extends PathOf<M>>(method: M, path: P, options: CallOptions<P, M> = {}): Promise<ApiAnswer<P, M>> {
  return apiFetch<ApiAnswer<P, M>>(fillPath(path, options.params as Record<string, string> | undefined), {
    method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    query: options.query as Record<string, QueryValue> | undefined,
    body: options.body,
    signal: options.signal,
  });
}

export const apiGet = <P extends PathOf<'get'>>(path: P, options?: CallOptions<P, 'get'>) => apiCall('get', path, options);
export const apiPost = <P extends PathOf<'post'>>(path: P, options?: CallOptions<P, 'post'>) => apiCall('post', path, options);
export const apiPut = <P extends PathOf<'put'>>(path: P, options?: CallOptions<P, 'put'>) => apiCall('put', path, options);
export const apiPatch = <P extends PathOf<'patch'>>(path: P, options?: CallOptions<P, 'patch'>) => apiCall('patch', path, options);
export const apiDelete = <P extends PathOf<'delete'>>(path: P, options?: CallOptions<P, 'delete'>) => apiCall('delete', path, options);

/** A multipart upload (the one call whose body is not JSON): the path, its parameters and its answer from the contract. */
export function apiUpload<P extends PathOf<'post'>>(path: P, options: { params?: ApiParams<P, 'post'>; form: FormData }): Promise<ApiAnswer<P, 'post'>> {
  return apiFetch<ApiAnswer<P, 'post'>>(fillPath(path, options.params as Record<string, string> | undefined), { method: 'POST', body: options.form });
}

/** The plain-list form of an answer that is a list without paging query and a page with one. */
export type ListAnswer<T> = Extract<T, readonly unknown[]>;
