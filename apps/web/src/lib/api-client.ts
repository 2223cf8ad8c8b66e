import type { z } from 'zod';
import {
  type BodyOf,
  buildPath,
  buildQuery,
  type EndpointDef,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  type RouteDef,
} from '@cryptads/contract/endpoint';
import { AppCode } from '@cryptads/contract/app-codes';

/** Base path of the customer API (docs/architecture.md#api-envelope). */
export const API_BASE = '/api';

/**
 * Request error categories of docs/product/account.md#messages: the network failed ('fetch'), the body was not
 * the JSON envelope ('parsing', with the HTTP status), or the server answered an error
 * ('http', with the envelope's code, reason and response).
 */
export type ApiErrorCategory = 'fetch' | 'parsing' | 'http';

export class ApiError extends Error {
  readonly category: ApiErrorCategory;
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  /** The envelope's code: the HTTP status or an application code such as 99 (banned). */
  readonly code: number | null;
  /** The server's sentence for people, when it sent one. */
  readonly reason: string | null;
  readonly response: unknown;

  constructor(
    category: ApiErrorCategory,
    opts: { status?: number; code?: number | null; reason?: string | null; response?: unknown; cause?: unknown },
  ) {
    super(opts.reason ?? `${category} error${opts.status ? ` (HTTP ${opts.status})` : ''}`, { cause: opts.cause });
    this.name = 'ApiError';
    this.category = category;
    this.status = opts.status ?? 0;
    this.code = opts.code ?? null;
    this.reason = opts.reason ?? null;
    this.response = opts.response;
  }

  get isBanned() {
    return this.status === 401 && this.code === AppCode.Banned;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** What a person should read for a failed call. */
export function errorReason(error: unknown): string {
  if (isApiError(error)) {
    if (error.reason) return error.reason;
    if (error.category === 'fetch') return 'We could not reach the server. Please check your connection and try again.';
    if (error.category === 'parsing') return `The server sent an unexpected answer (HTTP ${error.status}).`;
  }
  return 'Something went wrong. Please try again.';
}

type AuthHandlers = {
  /** A 401 on an ordinary call: the session is over (`reason`: the server's sentence, e.g. an operator's idle expiry). */
  onUnauthorized: (reason: string | null) => void;
  /** A 401 with code 99 on any call: the account is disabled. */
  onBanned: () => void;
};

let handlers: AuthHandlers = { onUnauthorized: () => {}, onBanned: () => {} };

/** The app shell wires logout and the banned page here once (src/app/providers.tsx). */
export function configureApiClient(next: AuthHandlers) {
  handlers = next;
}

/**
 * How a call reaches the server: the browser's fetch. The server's page renderer
 * (entry-server.tsx) passes its own, which answers the calls inside the server with the
 * request's own session (docs/decisions/062).
 */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (url, init) => fetch(url, init);

export function setApiTransport(next: ApiTransport) {
  transport = next;
}

/**
 * Answers asked for ahead of the calls that will want them (docs/decisions/062): while a page
 * the server rendered hydrates, nothing may enter the query cache (the hydration must draw
 * what the server drew), yet the calls its components will make once hydrated should not wait
 * for the hydration to start. `askEarly` starts a call's GET now and keeps its answer here;
 * the first identical GET within EARLY_ANSWER_MS takes it instead of asking again.
 */
export const EARLY_ANSWER_MS = 10_000;
const earlyAnswers = new Map<string, { response: Promise<Response>; until: number }>();
let askingEarly = false;

/** Runs `call` (a query's fetcher), keeping the answers of the GETs it starts for their later twins. */
export function askEarly(call: () => unknown) {
  askingEarly = true;
  try {
    void Promise.resolve(call()).catch(() => undefined);
  } finally {
    askingEarly = false;
  }
}

function earlyAnswer(url: string): Promise<Response> | undefined {
  const kept = earlyAnswers.get(url);
  earlyAnswers.delete(url);
  return kept && kept.until >= Date.now() ? kept.response : undefined;
}

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Login, 2FA, registration, recovery and verification calls show their 401 as a reason
   * instead of logging out. A 401 with code 99 still leads to the banned page.
   */
  authCall?: boolean;
  /** Parses `response` when given; otherwise the caller trusts the contract's type. */
  schema?: z.ZodType<T>;
  /** A `Prefer` header (RFC 7240): the login asks for its two-factor step without an HTTP error. */
  prefer?: string;
};

/** Calls `/api{path}` and returns the envelope's `response`, or throws an ApiError. */
export async function apiRequest<T>(path: string, opts: RequestOptions<T> = {}): Promise<T> {
  // The session travels in its HttpOnly cookie (docs/decisions/034), never in a header.
  const headers: Record<string, string> = { Accept: 'application/json' };
  const hasBody = opts.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (opts.prefer) headers.Prefer = opts.prefer;

  const method = opts.method ?? (hasBody ? 'POST' : 'GET');
  const url = `${API_BASE}${path}`;
  const ask = () =>
    transport(url, {
      method,
      headers,
      body: hasBody ? JSON.stringify(opts.body) : undefined,
      signal: opts.signal,
      credentials: 'same-origin',
    });
  if (askingEarly && method === 'GET') {
    const response = ask();
    response.catch(() => undefined);
    earlyAnswers.set(url, { response, until: Date.now() + EARLY_ANSWER_MS });
    // The early asker does not read the answer: the call that takes it does.
    return new Promise<T>(() => {});
  }

  let res: Response;
  try {
    res = await ((method === 'GET' ? earlyAnswer(url) : undefined) ?? ask());
  } catch (cause) {
    // An abort is not a failure to report: let TanStack Query see it as it is.
    if (opts.signal?.aborted) throw cause;
    throw new ApiError('fetch', { cause });
  }

  let data: unknown;
  try {
    data = await res.json();
  } catch (cause) {
    throw new ApiError('parsing', { status: res.status, cause });
  }
  if (!isEnvelope(data)) throw new ApiError('parsing', { status: res.status });

  // The envelope's code is the answer's own status: a 200 may carry a step that is not a success.
  if (!res.ok || data.code >= 400) {
    const error = new ApiError('http', {
      status: res.ok ? data.code : res.status,
      code: data.code,
      reason: data.reason,
      response: data.response,
    });
    if (error.isBanned) handlers.onBanned();
    else if (res.status === 401 && !opts.authCall) handlers.onUnauthorized(error.reason);
    throw error;
  }

  if (opts.schema) {
    const parsed = opts.schema.safeParse(data.response);
    if (!parsed.success) throw new ApiError('parsing', { status: res.status, response: data.response });
    return parsed.data;
  }
  return data.response as T;
}

type RawEnvelope = { code: number; response: unknown; reason: string | null };

function isEnvelope(data: unknown): data is RawEnvelope {
  return (
    typeof data === 'object' &&
    data !== null &&
    'code' in data &&
    typeof data.code === 'number' &&
    'response' in data &&
    'reason' in data &&
    (data.reason === null || typeof data.reason === 'string')
  );
}

/** What a call of endpoint E takes: its params, query and body when it has them, and options. */
export type CallInput<E extends EndpointDef> = (E['params'] extends z.ZodType
  ? { params: ParamsOf<E> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query: QueryOf<E> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: BodyOf<E> } : { body?: undefined }) &
  Pick<RequestOptions<ResponseOf<E>>, 'signal' | 'authCall' | 'prefer'>;

/** A typed fetcher: its input is optional when the endpoint takes no params, query or body. */
export type EndpointCall<E extends EndpointDef> =
  object extends CallInput<E>
    ? (input?: CallInput<E>) => Promise<ResponseOf<E>>
    : (input: CallInput<E>) => Promise<ResponseOf<E>>;

/** Calls one endpoint of the contract's table with its method and path. */
export function callEndpoint<E extends EndpointDef>(route: RouteDef, input: CallInput<E>): Promise<ResponseOf<E>> {
  const { params, query, body, signal, authCall, prefer } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  } & Pick<RequestOptions<unknown>, 'signal' | 'authCall' | 'prefer'>;
  return apiRequest<ResponseOf<E>>(`${buildPath(route.path, params)}${buildQuery(query)}`, {
    method: route.method,
    body,
    signal,
    authCall,
    prefer,
  });
}

/**
 * The fetchers of one domain, derived from the contract's endpoint table: the zod-free
 * routes give method and path at run time, the endpoints' type gives the shapes. Schemas are
 * imported as types only, so no zod reaches a first load through a fetcher.
 *
 * `const websitesApi = endpointClient<typeof websiteEndpoints>(websiteRoutes);`
 */
export function endpointClient<T extends Record<string, EndpointDef>>(routes: { [K in keyof T]: RouteDef }) {
  const client = {} as { [K in keyof T]: EndpointCall<T[K]> };
  for (const key of Object.keys(routes) as (keyof T)[]) {
    client[key] = ((input?: CallInput<T[typeof key]>) =>
      callEndpoint<T[typeof key]>(routes[key], (input ?? {}) as CallInput<T[typeof key]>)) as EndpointCall<
      T[typeof key]
    >;
  }
  return client;
}

/** A file the API answered instead of the envelope (an invoice PDF), with the name the server gave it. */
export type DownloadedFile = { blob: Blob; fileName: string | null };

/**
 * The file name of a `Content-Disposition` header: `filename*=UTF-8''…` (RFC 6266) first,
 * else `filename="…"`; null when it names none.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}

/**
 * GETs `/api{path}` that answers a file (an endpoint with `download: true`): the bytes and the
 * file name from Content-Disposition. A failure is the JSON envelope, handled as apiRequest
 * does (ApiError, 401 → logout, 99 → banned).
 */
export async function apiDownload(path: string, opts: { signal?: AbortSignal } = {}): Promise<DownloadedFile> {
  let res: Response;
  try {
    res = await transport(`${API_BASE}${path}`, { signal: opts.signal, credentials: 'same-origin' });
  } catch (cause) {
    if (opts.signal?.aborted) throw cause;
    throw new ApiError('fetch', { cause });
  }
  if (res.ok)
    return { blob: await res.blob(), fileName: fileNameFromDisposition(res.headers.get('content-disposition')) };
  let data: unknown;
  try {
    data = await res.json();
  } catch (cause) {
    throw new ApiError('parsing', { status: res.status, cause });
  }
  if (!isEnvelope(data)) throw new ApiError('parsing', { status: res.status });
  const error = new ApiError('http', {
    status: res.status,
    code: data.code,
    reason: data.reason,
    response: data.response,
  });
  if (error.isBanned) handlers.onBanned();
  else if (res.status === 401) handlers.onUnauthorized(error.reason);
  throw error;
}
