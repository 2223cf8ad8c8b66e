/**
 * The terms modal's texts and when it must show. No zod here, so that the dashboard can use
 * them without downloading the schema library; terms.ts re-exports them.
 */

export const TERMS_MESSAGES = {
  modalTitle: 'Updated terms and conditions',
  agree: 'I agree',
  noTerms: 'No platform terms have been published yet.',
} as const;

/** Whether the mandatory terms modal must show (docs/product/account.md#dashboard). */
export const mustSignTerms = (currentSignedTerms: number | null, latestVersion: number | null | undefined) =>
  latestVersion != null && currentSignedTerms !== latestVersion;
