import { z } from 'zod';

/**
 * Every answer of the API is this envelope. `code` is the HTTP status unless the
 * specification names an application code (99 banned, 4 wrong password on delete, ...);
 * `reason` is a human sentence on failure and null on success.
 */
export const envelope = <T extends z.ZodType>(response: T) =>
  z.object({ code: z.number().int(), response, reason: z.null() });

export const ErrorEnvelopeSchema = z.object({
  code: z.number().int(),
  response: z.unknown(),
  reason: z.string(),
});

export type Envelope<T> = { code: number; response: T; reason: string | null };

/** Application codes the web app reacts to (defined in app-codes.ts, which has no zod). */
export { AppCode } from './app-codes';

export const OkSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof OkSchema>;

export const GENERIC_MESSAGES = {
  notFound: 'The requested resource was not found.',
  routeNotFound: 'This API path does not exist.',
  internal: 'An unexpected error occurred. Please try again later.',
  unauthorized: 'Your session has expired. Please log in again.',
  forbiddenRole: 'Your account type cannot use this feature.',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  emailNotVerified: 'Please confirm your email address first.',
  invalidRequest: 'The request is invalid.',
  badUrl: 'This address is not valid.',
  headersTooLarge: 'The request headers are too large.',
  requestTimeout: 'The request took too long to arrive.',
  crossSiteRequest:
    'This request came from another website and was refused. Please open this site directly and try again.',
} as const;
