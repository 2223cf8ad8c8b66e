import { z } from 'zod';

/**
 * A version of the platform terms. `body` is Markdown (headings, paragraphs, lists);
 * `publishedAt` is ISO 8601 (UTC). A user must accept whenever `version` differs from
 * their currentSignedTerms (docs/product/account.md#dashboard, #permissions).
 */
export const PlatformTermsSchema = z.object({
  version: z.number().int().positive(),
  title: z.string(),
  body: z.string(),
  publishedAt: z.string(),
});
export type PlatformTerms = z.infer<typeof PlatformTermsSchema>;

/** POST /user/signNewTerms answers the version now signed. */
export const SignedTermsSchema = z.object({ currentSignedTerms: z.number().int().positive() });
export type SignedTerms = z.infer<typeof SignedTermsSchema>;

/** GET /legal/privacy: the privacy policy the footer links to. */
export const LegalDocumentSchema = z.object({
  title: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type LegalDocument = z.infer<typeof LegalDocumentSchema>;

export { mustSignTerms, TERMS_MESSAGES } from './terms-messages';
