import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Writes an answer by parsing the handler's value with the response schema, then JSON
 * (docs/decisions/057-exact-money-on-the-wire.md): a money field turns the handler's
 * micro-euros into the wire's euros there, as a rounded number under /api and an exact decimal
 * string under /api/v1 (whose routes carry `publicSchema` copies). Parsing also drops what the
 * schema does not name, so a handler never leaks a column by returning a whole row. An answer
 * that does not match fails as fastify-type-provider-zod's own serializer does (the errors
 * plugin answers 500 and logs the issues).
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema, method, url }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
