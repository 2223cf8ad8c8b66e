import { GENERIC_MESSAGES } from '@cryptads/contract/api';

/**
 * A failure a caller should see: HTTP status, a sentence for `reason`, and optionally an
 * application code (99 disabled account, 4 wrong password on delete: docs/product/account.md#messages) and a response body.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly opts: { code?: number; response?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(reason);
    this.name = 'AppError';
  }
}

export const badRequest = (reason: string) => new AppError(400, reason);
export const unauthorized = (reason: string = GENERIC_MESSAGES.unauthorized, code?: number) =>
  new AppError(401, reason, { code });
export const forbidden = (reason: string = GENERIC_MESSAGES.forbiddenRole) => new AppError(403, reason);
export const notFound = (reason: string = GENERIC_MESSAGES.notFound) => new AppError(404, reason);
export const conflict = (reason: string) => new AppError(409, reason);
export const tooManyRequests = (reason: string = GENERIC_MESSAGES.tooManyRequests, retryAfterSeconds?: number) =>
  new AppError(429, reason, retryAfterSeconds ? { headers: { 'retry-after': String(retryAfterSeconds) } } : {});
