import type { z } from 'zod';
import { GENERIC_MESSAGES } from '@cryptads/contract/api';
import { badRequest } from './errors';

/** Parses with a contract schema; a failure is a 400 whose reason is the first message. */
export function parseOrThrow<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data);
  if (!result.success) {
    const first = result.error.issues[0];
    // A missing or non-object body fails at the root with zod's own wording, not a sentence.
    const atRoot = first?.path.length === 0 && first.code === 'invalid_type';
    throw badRequest(first && !atRoot ? first.message : GENERIC_MESSAGES.invalidRequest);
  }
  return result.data;
}
