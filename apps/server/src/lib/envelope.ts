import type { z } from 'zod';
import { envelope } from '@cryptads/contract/api';
import { parseOrThrow } from './parse';

/** The success envelope: `{code: 200, response, reason: null}`. */
export function ok<T>(response: T, code = 200) {
  return { code, response, reason: null };
}

/** Response schema map for a route: 200 is the envelope of `schema`. */
export function replies<T extends z.ZodType>(schema: T) {
  return { 200: envelope(schema) };
}

export { parseOrThrow };
