import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { GENERIC_MESSAGES } from '@cryptads/contract/api';
import { INPUT_MESSAGES } from '@cryptads/contract/input-messages';
import { hasUnsupportedCharacters, inspectInput } from '@cryptads/contract/input-text';
import { badRequest, notFound } from '../lib/errors';

/**
 * Input no route may see (docs/decisions/022-hostile-input.md, amended by 055): U+0000 and
 * lone surrogates in any path parameter, query value, header or body string, keys included,
 * percent-encoding of the query and JSON bodies that are not UTF-8, and bodies nested deeper
 * than INPUT_MAX_DEPTH. PostgreSQL refuses U+0000 in text, and a lone surrogate cannot be
 * encoded as UTF-8; a route that passed one to a query answered 500,
 * and on the embedded database the failed statement cost the connection it ran on.
 *
 * Checked once, here, for every route of the server: the endpoint table's, the ad paths, the
 * postback and pixel, the payment and KYC sandbox pages, uploads and the web app's pages. A
 * route added later is covered without doing anything. The path, query and headers are
 * refused before any other hook runs (the session lookup reads a header); the body once it
 * is parsed. Raw bodies (signed webhooks, uploads) are bytes and are not walked.
 *
 * A path parameter with such characters names nothing: 404, as any path parameter that does
 * not parse; the rest is a 400 whose sentence says what to remove.
 */
function refuseUrlAndHeaders(request: FastifyRequest) {
  if (inspectInput(request.params)) throw notFound();
  if (malformedQuery(request.url)) throw badRequest(GENERIC_MESSAGES.badUrl);
  const problem = inspectInput(request.query) ?? headerProblem(request.headers);
  if (problem) throw badRequest(INPUT_MESSAGES[problem]);
}

/**
 * A query string whose percent-encoding is not UTF-8 (`%ff`, or `%ED%A0%BD`, a surrogate
 * written in UTF-8's form): the router refuses such a path with 400, and the query parser
 * would hand it on, quietly replaced or left encoded. Only a query with a `%` is decoded.
 */
function malformedQuery(url: string) {
  const start = url.indexOf('?');
  if (start === -1 || !url.includes('%', start)) return false;
  try {
    decodeURIComponent(url.slice(start + 1));
    return false;
  } catch {
    return true;
  }
}

/**
 * Node's HTTP parser already refuses U+0000 in a header and reads every other byte as Latin-1,
 * so a header from the network never has either; a request made in-process (inject, a proxy
 * written in JavaScript) can carry both, and the session lookup hashes one of them.
 */
function headerProblem(headers: FastifyRequest['headers']) {
  for (const value of Object.values(headers)) {
    if (typeof value === 'string') {
      if (hasUnsupportedCharacters(value)) return 'unsupportedCharacters' as const;
    } else if (Array.isArray(value)) {
      for (const item of value) if (hasUnsupportedCharacters(item)) return 'unsupportedCharacters' as const;
    }
  }
  return null;
}

function refuseBody(request: FastifyRequest) {
  const problem = inspectInput(request.body);
  if (problem) throw badRequest(INPUT_MESSAGES[problem]);
}

/** Callback hooks, not async ones: the ad paths answer in well under a millisecond. */
function guarded(check: (request: FastifyRequest) => void) {
  return (request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) => {
    try {
      check(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  };
}

type ParserDone = (error: Error | null, body?: unknown) => void;

/**
 * JSON is UTF-8 (RFC 8259). Fastify's parser decodes the body as text first, so a byte that
 * is not UTF-8 arrived as U+FFFD and was stored as if the customer had typed it: such a body
 * is refused like U+0000. The parsing itself stays Fastify's (prototype poisoning is an error,
 * an empty body a 400). Exported for a route that takes JSON under another content type (the
 * bid endpoint's text/plain); `notJson` replaces a parse error's sentence there.
 */
export function utf8JsonParser(app: FastifyInstance, notJson?: string) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, body: string | Buffer, done: ParserDone) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(badRequest(INPUT_MESSAGES.unsupportedCharacters), undefined);
      return;
    }
    parseJson(request, bytes.toString('utf8'), (error, parsed) =>
      done(error && notJson ? badRequest(notJson) : error, parsed),
    );
  };
}

export default fp(async function inputGuard(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, utf8JsonParser(app));
  app.addHook('onRequest', guarded(refuseUrlAndHeaders));
  app.addHook(
    'preValidation',
    guarded((request) => {
      if (request.body !== undefined && request.body !== null) refuseBody(request);
    }),
  );
});
