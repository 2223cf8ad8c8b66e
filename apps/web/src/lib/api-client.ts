import type { z } from 'zod';
import { AppCode } from '@cryptads/contract/app-codes';
import { getSessionToken, getTempCredentials } from './session';

/** Base path of the customer API (DESIGN §2). */
export const API_BASE = '/api';

/**
 * Request error categories of spec 000 §8: the network failed ('fetch'), the body was not
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
  /** A 401 on an ordinary call: the session is over. */
  onUnauthorized: () => void;
  /** A 401 with code 99 on any call: the account is disabled. */
  onBanned: () => void;
};

let handlers: AuthHandlers = { onUnauthorized: () => {}, onBanned: () => {} };

/** The app shell wires logout and the banned page here once (src/app/providers.tsx). */
export function configureApiClient(next: AuthHandlers) {
  handlers = next;
}

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** An explicit bearer token (the pending sign-up's), instead of the stored ones. */
  token?: string;
  /**
   * Login, 2FA, registration, recovery and verification calls show their 401 as a reason
   * instead of logging out. A 401 with code 99 still leads to the banned page.
   */
  authCall?: boolean;
  /** Parses `response` when given; otherwise the caller trusts the contract's type. */
  schema?: z.ZodType<T>;
};

/** Calls `/api{path}` and returns the envelope's `response`, or throws an ApiError. */
export async function apiRequest<T>(path: string, opts: RequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = opts.token ?? getSessionToken() ?? getTempCredentials()?.token ?? null;
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = opts.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method: opts.method ?? (hasBody ? 'POST' : 'GET'),
      headers,
      body: hasBody ? JSON.stringify(opts.body) : undefined,
      signal: opts.signal,
      credentials: 'same-origin',
    });
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

  if (!res.ok) {
    const error = new ApiError('http', {
      status: res.status,
      code: data.code,
      reason: data.reason,
      response: data.response,
    });
    if (error.isBanned) handlers.onBanned();
    else if (res.status === 401 && !opts.authCall) handlers.onUnauthorized();
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
