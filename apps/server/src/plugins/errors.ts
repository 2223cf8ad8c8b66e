import type { FastifyError, FastifyInstance } from 'fastify';
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
