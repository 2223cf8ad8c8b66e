/**
 * The back office: user-visible strings and the rules screens share with the
 * server, without zod (admin.ts in endpoints/ holds the schemas). H2 (queues) created this
 * file; other back-office areas append their own sections.
 */

// ---- Queues -----------------------------------------------------------------------------

/** Paging of every back-office list. */
export const ADMIN_PAGE_SIZE_MAX = 100;
export const ADMIN_PAGE_SIZE_DEFAULT = 25;
export const ADMIN_SEARCH_MAX = 100;

export const ADMIN_MESSAGES = {
  reasonRequired: 'Give the reason (the customer reads it).',
  referenceRequired: 'Give the bank reference or the transaction hash.',
  proofRequired: 'Give the address of the published page.',
  eurosRequired: 'Give the euros received.',
  documentNotFound: 'No such document.',
  accountNotFound: 'No such account.',
  bulkTooMany: 'Select at most 100 items at once.',
  dateInvalid: 'Give the day as YYYY-MM-DD.',
  /** 202: a second operator must approve the money action before it applies. */
  /** What a money action at or above the approval threshold answers on screen (202 pendingApproval). */
  pendingApproval: "Waiting for a second operator's approval.",
} as const;

// ---- Accounts, content, audit, approvals (H3) ---------------------------------------------

export const ADMIN_ACCOUNT_MESSAGES = {
  /** Credits, adjustments, disabling, rejecting: the reason is kept in the audit trail. */
  reasonRequired: 'Give the reason (it is kept in the audit trail).',
  eurosRequired: 'Give an amount in euros.',
  termsTooShort: 'The terms are too short to be terms.',
  titleRequired: 'Give a title.',
  contentRequired: 'Give the content.',
  /** An operator's own account: disabling or crediting it takes another operator. */
  notOnYourself: 'You cannot do this to your own account: ask another operator.',
  websiteNotFound: 'This account has no such website.',
  campaignNotFound: 'This account has no such campaign.',
  /** Pause only approved websites; approve only paused or rejected ones (the queue has the pending). */
  websiteNotApproved: 'Only an approved website can be paused.',
  websiteNotStopped: 'Only a paused or rejected website can be approved here.',
  percentRequired: 'Give a percent, or clear the share.',
} as const;
/** The most ledger transfers and sessions an account's page shows. */
export const ADMIN_ACCOUNT_TRANSFERS_SHOWN = 50;
export const ADMIN_ACCOUNT_SESSIONS_SHOWN = 50;
