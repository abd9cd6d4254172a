/**
 * The site's typed calls to the server: `api.get('/api/services')`, `api.patch('/api/services/{id}',
 * { params: { id }, body })`. The path is one of the OpenAPI document's (`schema.ts`), and the
 * parameters, the body and the answer's type are the document's for that path and method, so a
 * call cannot claim an answer the server does not describe. The transport is `apiFetch` (CSRF
 * header, `ApiError` with the server's Spanish message, aborts let through).
 */
import { apiFetch } from './http';
import type { paths } from './schema';
import type { ItemResponse, ListResponse, StaffMember } from './types';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What an operation's answer is on success, as a correction of the document. */
interface Answer<Body> {
  responses: { 200: { content: { 'application/json': Body } } };
}

/**
 * The operations the document describes otherwise than the server serves them, by method and
 * path, with what the server really takes or sends; each replaces the document's parts it names.
 * They go when the OpenAPI issue fixes the document (types.ts says more of each).
 */
interface Corrections {
  // The document says the staff API answers `StaffView` `{ id, name }`; the server sends
  // `StaffMember` (fixed with the OpenAPI issue).
  'get /api/staff': Answer<ListResponse<StaffMember>>;
  'patch /api/staff/{id}': Answer<ItemResponse<StaffMember>>;
  'post /api/staff': {
    responses: { 201: { content: { 'application/json': ItemResponse<StaffMember> } } };
  };
  // The document says `from` and `to` are path parameters (of a path without them); the server
  // reads them from the query (fixed with the OpenAPI issue).
  'get /api/holds': { parameters: { query: { from: string; to: string } } };
}

/** The document's paths that take `method`. */
export type PathWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends Record<M, object> ? P : never;
}[keyof paths];

/** The document's operation for `method` on `path`, with its `Corrections`. */
type Operation<P extends keyof paths, M extends Method> =
  paths[P] extends Record<M, infer Op>
    ? `${M} ${P}` extends keyof Corrections
      ? Omit<Op, keyof Corrections[`${M} ${P}`]> & Corrections[`${M} ${P}`]
      : Op
    : never;

type Json<Content> = Content extends { 'application/json': infer Body } ? Body : never;

/** The answer's body on success (2xx); `undefined` for one without content (204). */
type SuccessBody<Op> = Op extends { responses: infer Responses }
  ? {
      [Status in keyof Responses]: Status extends 200 | 201 | 202 | 204
        ? Responses[Status] extends { content: infer Content }
          ? Json<Content>
          : undefined
        : never;
    }[keyof Responses]
  : never;

type PathParams<Op> = Op extends { parameters: { path: infer Params } } ? Params : never;
type QueryParams<Op> = Op extends { parameters: { query?: infer Query } }
  ? NonNullable<Query>
  : never;
/**
 * The request body's media types; `never` for an operation without one. openapi-typescript writes
 * that as `requestBody?: never`, which a plain `{ requestBody?: { content: infer C } }` would match
 * with `C` as `unknown`.
 */
type RequestContent<Op> = Op extends { requestBody?: infer Body }
  ? [NonNullable<Body>] extends [never]
    ? never
    : NonNullable<Body> extends { content: infer Content }
      ? Content
      : never
  : never;

/** `{}` when `T` is `never` (the operation takes no such part), else `T`. */
type Part<T> = [T] extends [never] ? object : T;

/** What a call to `Op` passes beside its path: the document's parameters and body. */
export type CallOptions<Op> = { signal?: AbortSignal } & Part<
  [PathParams<Op>] extends [never] ? never : { params: PathParams<Op> }
> &
  Part<
    [QueryParams<Op>] extends [never]
      ? never
      : object extends QueryParams<Op>
        ? { query?: QueryParams<Op> }
        : { query: QueryParams<Op> }
  > &
  Part<
    [RequestContent<Op>] extends [never]
      ? never
      : [Json<RequestContent<Op>>] extends [never]
        ? // A picture, sent as its bytes (`apiFetch`'s `file`).
          { file: Blob }
        : { body: Json<RequestContent<Op>> }
  >;

/** The options argument, left out where the operation needs nothing. */
type OptionsArg<Op> =
  object extends CallOptions<Op> ? [options?: CallOptions<Op>] : [options: CallOptions<Op>];

/** A call's parameters as the query cache keys them. */
export interface Request {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
}

/**
 * The URL of `path` with its `{name}` parameters filled in (encoded) and its query; the query's
 * undefined values are left out.
 */
export function apiUrl(path: string, { params = {}, query = {} }: Request = {}): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: falta el parámetro ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? filled : `${filled}?${text}`;
}

function call<M extends Method>(method: M) {
  return <P extends PathWith<M>>(
    path: P,
    ...[options]: OptionsArg<Operation<P, M>>
  ): Promise<SuccessBody<Operation<P, M>>> => {
    const { signal, params, query, body, file } = (options ?? {}) as Request & {
      signal?: AbortSignal;
      body?: unknown;
      file?: Blob;
    };
    // The document's type for this answer: the server is tested against the same document.
    return apiFetch(apiUrl(path, { params, query }), {
      method: method.toUpperCase() as Uppercase<M>,
      body,
      file,
      signal,
    }) as Promise<SuccessBody<Operation<P, M>>>;
  };
}

export const api = {
  get: call('get'),
  post: call('post'),
  put: call('put'),
  patch: call('patch'),
  delete: call('delete'),
};

/** The answer of `GET path`. */
export type GetAnswer<P extends PathWith<'get'>> = SuccessBody<Operation<P, 'get'>>;
/** What `GET path` takes beside its path. */
export type GetOptions<P extends PathWith<'get'>> = OptionsArg<Operation<P, 'get'>>;
