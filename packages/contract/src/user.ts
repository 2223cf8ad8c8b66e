import { z } from 'zod';
import { money } from './money-schema';
import { UserTypeSchema } from './auth';

/**
 * GET /user: the user details of docs/product/account.md#data. The balance is euros rounded for
 * display on the dashboard, exact under /api/v1 (money-schema.ts).
 */
export const UserDetailsSchema = z.object({
  alias: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  type: UserTypeSchema,
  balance: money(),
  kycVerified: z.union([z.literal(0), z.literal(1)]),
  pendingDelete: z.boolean(),
  delete: z.object({ requestDate: z.string(), terminationDate: z.string(), reason: z.string() }).nullable(),
  currentSignedTerms: z.number().int().nullable(),
  com: z.string(),
  campaigns: z.object({
    active: z.number().int(),
    paused: z.number().int(),
    pending: z.number().int(),
    total: z.number().int(),
  }),
  overrideRedirecting: z.boolean(),
  secureStatus: z.union([z.literal(0), z.literal(1)]),
});
export type UserDetails = z.infer<typeof UserDetailsSchema>;
