import { z } from 'zod';
import { money } from './money-schema';
import { AdFormat } from './campaign-messages';
import {
  isEntireWebsiteUrl,
  SnippetVariant,
  WEBSITE_MESSAGES,
  WEBSITE_URL_MAX,
  WebsiteStatus,
  ZONE_ALIAS_MAX,
  ZoneStatus,
} from './websites-messages';

/**
 * Request and response schemas of the publisher websites API (docs/product/websites.md#api), all under /api
 * and publisher-only. The rules, labels and texts live in websites-messages.ts (no zod).
 *
 * `categories` in requests and `excludedCategories` in responses are the ids of ad
 * categories the publisher does NOT want on the website (docs/product/websites.md#preferences: "excludedCategories
 * (categories)"); an empty list accepts every category.
 */
export * from './websites-messages';

export const WebsiteStatusSchema = z.literal(Object.values(WebsiteStatus));
export const ZoneStatusSchema = z.literal(Object.values(ZoneStatus));
export const AdFormatSchema = z.literal(Object.values(AdFormat));

export const WebsiteIdSchema = z.coerce.number<string | number>().int().positive().max(2_147_483_647);
export const WebsiteIdParamsSchema = z.object({ id: WebsiteIdSchema });
export type WebsiteIdParams = z.infer<typeof WebsiteIdParamsSchema>;

// ---- Fields ------------------------------------------------------------------------------

/** Website URL (docs/product/websites.md#add-website): required, http:// or https:// in front, at most 256. */
export const WebsiteUrlSchema = z
  .string({ error: WEBSITE_MESSAGES.urlInvalid })
  .trim()
  .min(1, { error: WEBSITE_MESSAGES.urlInvalid, abort: true })
  .max(WEBSITE_URL_MAX, { error: WEBSITE_MESSAGES.urlTooLong, abort: true })
  .refine(isEntireWebsiteUrl, WEBSITE_MESSAGES.urlInvalid);

/** Excluded category ids. The server also checks each id against its category list. */
export const CategoryIdsSchema = z
  .array(z.number({ error: WEBSITE_MESSAGES.categoryUnknown }).int().positive().max(2_147_483_647), {
    error: WEBSITE_MESSAGES.categoryUnknown,
  })
  .max(200, WEBSITE_MESSAGES.categoryUnknown)
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

/**
 * The categories field of a form (docs/product/websites.md#preferences): when the form requires categories (its
 * "exclude categories" choice is on), at least one must be picked.
 */
export const websiteCategoriesSchema = (required: boolean) =>
  required ? CategoryIdsSchema.refine((ids) => ids.length > 0, WEBSITE_MESSAGES.categoriesRequired) : CategoryIdsSchema;

/** Zone alias (docs/product/websites.md#ad-codes): required, at most 100 characters, trimmed. */
export const ZoneAliasSchema = z
  .string({ error: WEBSITE_MESSAGES.aliasRequired })
  .trim()
  .min(1, WEBSITE_MESSAGES.aliasRequired)
  .max(ZONE_ALIAS_MAX, WEBSITE_MESSAGES.aliasTooLong);

// ---- Requests ----------------------------------------------------------------------------

/** POST /websites */
export const CreateWebsiteInputSchema = z.object({
  website: WebsiteUrlSchema,
  categories: CategoryIdsSchema.optional().default([]),
});
export type CreateWebsiteInput = z.input<typeof CreateWebsiteInputSchema>;

/** The add-website form (step 1): the same fields plus the "exclude categories" switch. */
export const AddWebsiteFormSchema = z
  .object({ website: WebsiteUrlSchema, excludeCategories: z.boolean(), categories: CategoryIdsSchema })
  .refine((v) => !v.excludeCategories || v.categories.length > 0, {
    error: WEBSITE_MESSAGES.categoriesRequired,
    path: ['categories'],
  });
export type AddWebsiteForm = z.input<typeof AddWebsiteFormSchema>;

/** PUT /websites/{id} with {aliases}: zone unique → new alias (one or more zones). */
export const UpdateZoneAliasesInputSchema = z.object({
  aliases: z
    .record(z.string().min(1).max(64), ZoneAliasSchema)
    .refine((map) => Object.keys(map).length > 0, WEBSITE_MESSAGES.aliasRequired)
    .refine((map) => Object.keys(map).length <= 100, WEBSITE_MESSAGES.zoneUnknown),
});
/** PUT /websites/{id}/preferences, or PUT /websites/{id} with {categories}. */
export const UpdateWebsiteCategoriesInputSchema = z.object({ categories: CategoryIdsSchema });
export type UpdateWebsiteCategoriesInput = z.input<typeof UpdateWebsiteCategoriesInputSchema>;

/** PUT /websites/{id}: either {aliases} or {categories}, never both. */
export const UpdateWebsiteInputSchema = z
  .object({
    aliases: UpdateZoneAliasesInputSchema.shape.aliases.optional(),
    categories: CategoryIdsSchema.optional(),
  })
  .refine((v) => (v.aliases === undefined) !== (v.categories === undefined), WEBSITE_MESSAGES.aliasesOrCategories);
export type UpdateWebsiteInput = z.input<typeof UpdateWebsiteInputSchema>;

/** GET /websites/validation?websiteId= */
export const WebsiteValidationQuerySchema = z.object({ websiteId: WebsiteIdSchema });

// ---- Responses ---------------------------------------------------------------------------

/** GET /websites/options */
export const WebsiteOptionsSchema = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type WebsiteOptions = z.infer<typeof WebsiteOptionsSchema>;

/** GET /websites/information: websites approved, and all websites of the publisher. */
export const WebsiteInformationSchema = z.object({ active: z.number().int(), total: z.number().int() });
export type WebsiteInformation = z.infer<typeof WebsiteInformationSchema>;

/**
 * Ownership verification of one website: the token and the two ways to place it. Answer of
 * POST /websites, GET /websites/validation, GET and POST /websites/{id}/verification.
 */
export const WebsiteVerificationSchema = z.object({
  /** The website id. */
  id: z.number().int(),
  domain: z.string(),
  url: z.string(),
  status: WebsiteStatusSchema,
  token: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  /** The tag to paste into the <head> of the home page. */
  metaTag: z.string(),
  /** Where the file must answer, and what it must contain. */
  fileUrl: z.string(),
  fileContent: z.string(),
});
export type WebsiteVerification = z.infer<typeof WebsiteVerificationSchema>;

/** One row of GET /websites. Money in euros; traffic figures are 0 until statistics exist. */
export const WebsiteListItemSchema = z.object({
  id: z.number().int(),
  domain: z.string(),
  url: z.string(),
  name: z.string(),
  status: WebsiteStatusSchema,
  /** ISO timestamp the website was added. */
  date: z.string(),
  verified: z.boolean(),
  excludedCategories: z.array(z.number().int()),
  clicks: z.number().int(),
  impressions: z.number().int(),
  /** Lifetime earnings, euros. */
  spent: money(),
  /** Number of ad zones (tags). */
  tags: z.number().int(),
});
export type WebsiteListItem = z.infer<typeof WebsiteListItemSchema>;
export const WebsiteListSchema = z.array(WebsiteListItemSchema);

/** An ad code ready to copy. Native zones have two: a widget and an alert. */
export const ZoneSnippetSchema = z.object({
  variant: z.enum([SnippetVariant.Default, SnippetVariant.Widget, SnippetVariant.Alert]),
  label: z.string(),
  code: z.string(),
});
export type ZoneSnippet = z.infer<typeof ZoneSnippetSchema>;

/** An ad zone (tag) of a website. */
export const ZoneSchema = z.object({
  /** Public id used in ad codes and as the key of {aliases}. */
  unique: z.string(),
  alias: z.string(),
  type: AdFormatSchema,
  /** 'WxH' for banners, null for formats without a size. */
  size: z.string().nullable(),
  status: ZoneStatusSchema,
  websiteId: z.number().int(),
  websiteStatus: WebsiteStatusSchema,
  domain: z.string(),
  /** Empty unless the website is approved and the zone Active. */
  snippets: z.array(ZoneSnippetSchema),
  date: z.string(),
});
export type Zone = z.infer<typeof ZoneSchema>;

/** GET /websites/{id}, and the answer of the PUT calls. */
export const WebsiteDetailSchema = WebsiteListItemSchema.extend({
  verifiedAt: z.string().nullable(),
  zones: z.array(ZoneSchema),
});
export type WebsiteDetail = z.infer<typeof WebsiteDetailSchema>;

/** GET /websites/names: for report filters. */
export const WebsiteNamesSchema = z.array(
  z.object({ id: z.number().int(), name: z.string(), domain: z.string(), status: WebsiteStatusSchema }),
);
export type WebsiteNames = z.infer<typeof WebsiteNamesSchema>;
