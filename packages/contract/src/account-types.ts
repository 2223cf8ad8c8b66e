/**
 * Account types of docs/product/README.md#roles and their labels. No zod here, so that the
 * logged-in shell can read them without downloading the schema library; account.ts
 * re-exports them and adds the sign-up schema.
 */

/** Account types of docs/product/README.md#roles. 0 means unassigned. */
/** Operator (3): a back-office account, created only by `operator create` (never at sign-up). */
export const AccountType = { Unassigned: 0, Advertiser: 1, Publisher: 2, Operator: 3 } as const;
export type AccountType = (typeof AccountType)[keyof typeof AccountType];

export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  0: 'Unassigned',
  1: 'Advertiser',
  2: 'Publisher',
  3: 'Operator',
};
