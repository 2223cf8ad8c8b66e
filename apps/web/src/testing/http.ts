import { HttpResponse, http } from 'msw';
import type { EndpointDef, ResponseOf } from '@cryptads/contract/endpoint';
import { API_BASE } from '../lib/api-client';
import { server } from './server';

/**
 * HTTP answers for web tests, built from the contract's endpoint table: the method and path
 * come from the table, and every success fixture is parsed by the endpoint's response schema
 * before it is sent, so a fixture cannot drift from what the server answers (a missing or
 * mistyped field fails the test that uses it). Tests may import schemas; the app may not.
 */

/** A request a handler received, for assertions on what the screen sent. */
export type Received = {
  method: string;
  /** Path with its query, as the app asked for it: '/api/reports/all/all?startDate=...'. */
  url: string;
  params: Record<string, string | readonly string[] | undefined>;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body, or null without one. */
  body: unknown;
};

type Reply<E extends EndpointDef> = ResponseOf<E> | Response;
type Respond<E extends EndpointDef> = (request: Received) => Reply<E> | Promise<Reply<E>>;
type Resolver<E extends EndpointDef> = Reply<E> | Respond<E>;
// A response value is data, never a function.
const isRespond = <E extends EndpointDef>(reply: Resolver<E>): reply is Respond<E> => typeof reply === 'function';

let received: { endpoint: EndpointDef; request: Received }[] = [];

/** The requests the handlers of `endpoint` (of any endpoint when omitted) answered in this test, oldest first. */
export const sentTo = (endpoint?: EndpointDef): Received[] =>
  received.filter((r) => endpoint === undefined || r.endpoint === endpoint).map((r) => r.request);

/** Forgets the requests of the previous test (./setup.ts, after each test). */
export const forgetRequests = () => {
  received = [];
};

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The success envelope around a fixture that the endpoint's response schema accepts. A fixture
 * is what the web app reads (money as euros): it is encoded into what a handler returns
 * (money as micro-euros) and parsed back, as the server's serializer parses a handler's value
 * (docs/decisions/057-exact-money-on-the-wire.md).
 */
function envelopeOf(endpoint: EndpointDef, fixture: unknown) {
  const served = endpoint.response.safeEncode(fixture);
  const parsed = served.success ? endpoint.response.safeParse(served.data) : served;
  if (!parsed.success)
    throw new Error(
      `The fixture for ${endpoint.method} ${endpoint.path} is not what the server answers: ${parsed.error.message}`,
    );
  return HttpResponse.json({ code: 200, response: parsed.data, reason: null });
}

/**
 * Answers `endpoint` with a fixture (or what `reply` returns for the request received): a
 * response value is parsed by the endpoint's schema and sent in the success envelope; a
 * Response (`failure(...)`, `HttpResponse.text(...)`) is sent as it is.
 */
export function answer<E extends EndpointDef>(endpoint: E, reply: Resolver<E>, options: { once?: boolean } = {}) {
  // A fixture given as a value is checked now, so that the test fails where it was written.
  if (!isRespond(reply) && !(reply instanceof Response)) envelopeOf(endpoint, reply);
  const method = endpoint.method.toLowerCase() as Lowercase<EndpointDef['method']>;
  return http[method](
    `${API_BASE}${endpoint.path}`,
    async ({ request, params }) => {
      const url = new URL(request.url);
      const req: Received = {
        method: request.method,
        url: `${url.pathname}${url.search}`,
        params,
        query: url.searchParams,
        headers: request.headers,
        body: await readBody(request.clone()),
      };
      received.push({ endpoint, request: req });
      const value = isRespond(reply) ? await reply(req) : reply;
      return value instanceof Response ? value : envelopeOf(endpoint, value);
    },
    options,
  );
}

/** Installs answers for this test only (they are reset after each test). */
export const serve = (...handlers: ReturnType<typeof answer>[]) => server.use(...handlers);

/**
 * A failed call's envelope: HTTP `status`, the human `reason`, and the application `code`
 * and `response` when the server sends them (99 banned, 32/33 2FA needed, credentials token).
 */
export function failure(status: number, reason: string, extra: { code?: number; response?: unknown } = {}) {
  return HttpResponse.json({ code: extra.code ?? status, response: extra.response ?? null, reason }, { status });
}
