import { z } from 'zod';
import { AccountType } from './account-types';

export { ACCOUNT_TYPE_LABELS, AccountType } from './account-types';

/** Types a person can choose at sign-up. */
export const SignupAccountTypeSchema = (message: string) =>
  z.union([z.literal(AccountType.Advertiser), z.literal(AccountType.Publisher)], { error: message });
