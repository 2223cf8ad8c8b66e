import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { GENERIC_MESSAGES } from '@cryptads/contract/api';
import { AppError } from '../lib/errors';

/**
 * Every answer, including 400/404/429/500, is the `{code, response, reason}` envelope.
 * Unknown /api paths answer 404 in the envelope; other unknown paths are left to the SPA.
 */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.opts.headers) reply.headers(error.opts.headers);
      return reply.status(error.status).send({
        code: error.opts.code ?? error.status,
        response: error.opts.response ?? null,
        reason: error.reason,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path parameter that does not parse names nothing, like another account's id.
      if (error.validationContext === 'params')
        return reply.status(404).send({ code: 404, response: null, reason: GENERIC_MESSAGES.notFound });
      const first = error.validation[0];
      // A missing or non-object body fails at the root with zod's own wording, not a sentence.
      const atRoot = first?.instancePath === '/' && first.keyword === 'invalid_type';
      const reason = first && !atRoot ? first.message : GENERIC_MESSAGES.invalidRequest;
      return reply.status(400).send({ code: 400, response: null, reason });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send({ code: 500, response: null, reason: GENERIC_MESSAGES.internal });
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'unhandled error');
    let reason: string = GENERIC_MESSAGES.internal;
    if (status === 429) reason = GENERIC_MESSAGES.tooManyRequests;
    else if (status === 404) reason = GENERIC_MESSAGES.notFound;
    else if (status < 500) reason = error.message || GENERIC_MESSAGES.invalidRequest;
    return reply.status(status).send({ code: status, response: null, reason });
  });
});

/**
 * Fastify's `frameworkErrors` (app.ts): what the router answers before any route runs, in
 * the envelope (docs/decisions/022-hostile-input.md). Malformed percent-encoding is a 400; a
 * path parameter longer than the router's maxParamLength names nothing, so it answers 404
 * like any path parameter that does not parse.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.status(404).send({ code: 404, response: null, reason: GENERIC_MESSAGES.notFound });
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_ASYNC_CONSTRAINT')
    return reply.status(400).send({ code: 400, response: null, reason: GENERIC_MESSAGES.badUrl });
  reply.log.error({ err: error }, 'framework error');
  return reply.status(500).send({ code: 500, response: null, reason: GENERIC_MESSAGES.internal });
}

/** The raw HTTP answer for a request Node refused before Fastify saw it, in the envelope. */
function clientErrorAnswer(err: Error & { code?: string }) {
  if (err.code === 'HPE_HEADER_OVERFLOW')
    return { status: 431, text: 'Request Header Fields Too Large', reason: GENERIC_MESSAGES.headersTooLarge };
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, text: 'Request Timeout', reason: GENERIC_MESSAGES.requestTimeout };
  return { status: 400, text: 'Bad Request', reason: GENERIC_MESSAGES.invalidRequest };
}

/**
 * Fastify's `clientErrorHandler` (app.ts): Node's HTTP parser refuses some requests before
 * any route or hook runs (headers over --max-http-header-size, a malformed request line, a
 * request that took longer than requestTimeout); the answer is written on the socket, and it
 * is the envelope too. The connection is closed, as Node does.
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, text, reason } = clientErrorAnswer(err);
  this.log.debug({ err }, 'client error');
  if (socket.writable) {
    const payload = JSON.stringify({ code: status, response: null, reason });
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
    );
  }
  socket.destroy(err);
}
