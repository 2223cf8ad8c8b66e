import { z } from 'zod';
import {
  CAMPAIGN_KINDS,
  CAMPAIGN_LIMITS as L,
  CAMPAIGN_MESSAGES as M,
  CAMPAIGN_STATUS_VALUES,
  CAPPING_TIMES,
  type CampaignKind,
  isValidLandingUrl,
  listTextLength,
  NATIVE_TEXT_PATTERN,
  normaliseList,
  type PricingOptions,
  priceError,
  allowsCpc,
} from './campaign-messages';
import { money, moneyInput } from './money-schema';

export * from './campaign-messages';

/**
 * Campaign schemas (docs/product/campaigns.md#data, #pricing-and-budget, #api). Money is euros in the API (micro-euros in the
 * database). Request schemas trim and normalise; the server parses with them and the web
 * forms validate with the same ones.
 */

// ---------------------------------------------------------------- small parts

export const CampaignKindSchema = z.enum(CAMPAIGN_KINDS, { error: M.kindInvalid });
export const CampaignStatusSchema = z.union(
  CAMPAIGN_STATUS_VALUES.map((v) => z.literal(v)) as [z.ZodLiteral<0>, ...z.ZodLiteral<number>[]],
);
export const TrafficTypeSchema = z.union([z.literal(0), z.literal(1)]);
export const PaymentModeSchema = z.union([z.literal(0), z.literal(1)]);
export const DeviceSchema = z.union([z.literal(1), z.literal(2), z.literal(3)], { error: M.deviceInvalid });
export const CappingTimeSchema = z.union([z.literal(0), ...CAPPING_TIMES.map((t) => z.literal(t))], {
  error: M.cappingTimeInvalid,
});

export const CampaignNameSchema = z
  .string({ error: M.nameRequired })
  .trim()
  .min(1, { error: M.nameRequired, abort: true })
  .max(L.nameMax, M.nameTooLong);

export const LandingUrlSchema = z
  .string({ error: M.invalidUrl })
  .trim()
  .refine(isValidLandingUrl, { error: M.invalidUrl });

/** A list of zone ids or domains, normalised (trimmed, empties dropped), ≤ 100000 characters. */
export const ListSchema = z
  .array(z.string().max(L.blacklistMax, M.blacklistTooLong), { error: M.blacklistTooLong })
  .max(L.blacklistMax, M.blacklistTooLong)
  .transform((items) => normaliseList(items))
  .refine((items) => listTextLength(items) <= L.blacklistMax, { error: M.blacklistTooLong })
  .refine((items) => items.every((i) => i.length <= L.listItemMax), { error: M.listItemTooLong });

const wholeEuros = (required: string, whole: string, min: number, minMsg: string, max: number, maxMsg: string) =>
  z
    .number({ error: required })
    .refine(Number.isInteger, { error: whole, abort: true })
    .min(min, minMsg)
    .max(max, maxMsg);

export const DailyBudgetSchema = moneyInput(
  wholeEuros(M.dailyTooLow, M.dailyWhole, L.dailyBudgetMin, M.dailyTooLow, L.dailyBudgetMax, M.dailyTooHigh),
);
export const TotalBudgetSchema = wholeEuros(
  M.budgetRequired,
  M.budgetWhole,
  L.totalBudgetMin,
  M.budgetTooLow,
  L.totalBudgetMax,
  M.budgetTooHigh,
);

/** An uploaded file referenced by a creative: the upload id (`resource`) and a display name. */
export const ResourceRefSchema = z.object({
  resource: z.string({ error: M.creativeMissing }).trim().min(1, M.creativeMissing).max(64, M.creativeMissing),
  name: z.string().trim().max(L.creativeNameMax).default(''),
});
export type ResourceRef = z.input<typeof ResourceRefSchema>;

const nativeText = (field: string, max: number) =>
  z
    .string({ error: M.textRequired(field) })
    .trim()
    .min(1, { error: M.textRequired(field), abort: true })
    .max(max, M.textTooLong(max))
    .regex(NATIVE_TEXT_PATTERN, M.englishOnly);

/** Native creative as sent (docs/product/campaigns.md#creatives): texts, thumbnail 128x128 and cover 800x600. */
export const NativeCreativeInputSchema = z.object({
  title: nativeText('title', L.titleMax),
  smallDescription: nativeText('short description', L.smallDescriptionMax),
  longDescription: nativeText('long description', L.longDescriptionMax),
  callToAction: nativeText('call to action', L.callToActionMax),
  destinationWebsite: nativeText('display URL', L.destinationWebsiteMax),
  serviceName: nativeText('brand name', L.serviceNameMax),
  thumbnail: ResourceRefSchema.nullish().refine((v) => !!v, { error: M.thumbnailRequired }),
  cover: ResourceRefSchema.nullish().refine((v) => !!v, { error: M.coverRequired }),
});
export type NativeCreativeInput = z.input<typeof NativeCreativeInputSchema>;

// ---------------------------------------------------------------- campaign fields

/** The editable fields shared by create and edit (everything except kind and creatives). */
export const CampaignFieldsSchema = z.object({
  name: CampaignNameSchema,
  landingUrl: LandingUrlSchema,
  price: moneyInput(z.number({ error: M.priceRequired })),
  paymentMode: PaymentModeSchema.default(0),
  trafficType: TrafficTypeSchema.default(0),
  runAfterApproval: z.boolean().default(true),
  dailyBudget: DailyBudgetSchema,
  throttleBudget: z.boolean().default(false),
  budgetFlag: z.boolean().default(false),
  /** Whole euros; required (and checked) only when budgetFlag is set. */
  budget: moneyInput(z.number()).nullish(),
  capping: z
    .number({ error: M.cappingInvalid })
    .int(M.cappingInvalid)
    .min(L.cappingMin, M.cappingInvalid)
    .max(L.cappingMax, M.cappingInvalid)
    .default(0),
  cappingTime: CappingTimeSchema.default(0),
  device: DeviceSchema.default(3),
  /** ISO 3166-1 alpha-2 codes; empty means all countries. */
  countries: z
    .array(z.string().regex(/^[A-Z]{2}$/, M.countryInvalid), { error: M.countryInvalid })
    .max(300)
    .default([]),
  category: z.number({ error: M.categoryRequired }).int(M.categoryRequired).positive(M.categoryRequired),
  /** true: excludeList names zones to leave out; false: the only zones to run on (empty: all). */
  excludeFlag: z.boolean().default(true),
  excludeList: ListSchema.default([]),
});
export type CampaignFields = z.output<typeof CampaignFieldsSchema>;
export type CampaignFieldsInput = z.input<typeof CampaignFieldsSchema>;

type FieldsForRules = {
  price: number;
  paymentMode: number;
  trafficType: number;
  budgetFlag: boolean;
  budget?: number | null;
};

/** Price, payment mode and total budget rules; `kind` decides minimum bids and CPC. */
function checkPricing(options: PricingOptions, kind: CampaignKind, v: FieldsForRules, ctx: z.RefinementCtx) {
  if (v.paymentMode === 1 && !allowsCpc(kind))
    ctx.addIssue({ code: 'custom', path: ['paymentMode'], message: M.cpcNotAllowed });
  const error = priceError(options, { kind, trafficType: v.trafficType, paymentMode: v.paymentMode, price: v.price });
  if (error) ctx.addIssue({ code: 'custom', path: ['price'], message: error });
  if (v.budgetFlag) {
    const r = TotalBudgetSchema.safeParse(v.budget);
    if (!r.success)
      ctx.addIssue({ code: 'custom', path: ['budget'], message: r.error.issues[0]?.message ?? M.budgetRequired });
  }
}

/**
 * The pricing rule as a schema the web form and the server share: the minimum depends on
 * kind, traffic type and payment mode, the maximum on the options' maxPrices.
 */
export const campaignPricingSchema = (options: PricingOptions, kind: CampaignKind) =>
  z
    .object({
      price: z.number({ error: M.priceRequired }),
      paymentMode: PaymentModeSchema.default(0),
      trafficType: TrafficTypeSchema.default(0),
      budgetFlag: z.boolean().default(false),
      budget: z.number().nullish(),
    })
    .superRefine((v, ctx) => checkPricing(options, kind, v, ctx));

/**
 * POST /campaigns: the fields, the kind and its creatives (display banners or native ads).
 * The shape alone, for the endpoint table; the server parses with `campaignCreateSchema`,
 * whose pricing rules depend on its configuration.
 */
export const CampaignCreateShapeSchema = CampaignFieldsSchema.extend({
  kind: CampaignKindSchema,
  /** Display: banners by upload resource, at least one. */
  creatives: z.array(ResourceRefSchema).max(50).default([]),
  /** Native web / app: native ads, at least one. */
  nativeCreatives: z.array(NativeCreativeInputSchema).max(20).default([]),
});

/** POST /campaigns with the pricing rules of `options` and the creatives each kind needs. */
export const campaignCreateSchema = (options: PricingOptions) =>
  CampaignCreateShapeSchema.superRefine((v, ctx) => {
    checkPricing(options, v.kind, v, ctx);
    if (v.kind === 'display' && v.creatives.length === 0)
      ctx.addIssue({ code: 'custom', path: ['creatives'], message: M.bannerRequired });
    if ((v.kind === 'native' || v.kind === 'application') && v.nativeCreatives.length === 0)
      ctx.addIssue({ code: 'custom', path: ['nativeCreatives'], message: M.thumbnailRequired });
  });
export type CampaignCreate = z.output<ReturnType<typeof campaignCreateSchema>>;
export type CampaignCreateInput = z.input<ReturnType<typeof campaignCreateSchema>>;

/** PUT /campaigns/{id} with fields (the kind is fixed; pricing checked for the stored kind). */
export const campaignUpdateFieldsSchema = (options: PricingOptions, kind: CampaignKind) =>
  CampaignFieldsSchema.superRefine((v, ctx) => checkPricing(options, kind, v, ctx));

/** PUT /campaigns/{id} with {status}: 1 run, 2 pause, 9 archive. */
export const CampaignStatusUpdateSchema = z.object({
  status: z.union([z.literal(1), z.literal(2), z.literal(9)], { error: M.invalidStatus }),
});
/** PUT /campaigns/{id} with {excludeList} (the whole new list), optionally the flag. */
export const CampaignExclusionUpdateSchema = z.object({
  excludeList: ListSchema,
  excludeFlag: z.boolean().optional(),
});
export const CampaignExclusionResponseSchema = z.object({ excludeList: z.array(z.string()), excludeFlag: z.boolean() });

// ---------------------------------------------------------------- responses

export const UploadRefSchema = z.object({
  resource: z.string(),
  name: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadRef = z.infer<typeof UploadRefSchema>;

export const NativeContentSchema = z.object({
  title: z.string(),
  smallDescription: z.string(),
  longDescription: z.string(),
  callToAction: z.string(),
  destinationWebsite: z.string(),
  serviceName: z.string(),
  thumbnail: UploadRefSchema,
  cover: UploadRefSchema,
});

/** An existing creative. Banners have size/url; native ones carry `native`. */
export const CreativeSchema = z.object({
  id: z.number().int(),
  format: z.number().int(),
  formatLabel: z.string(),
  /** 'WxH' of the slot (a Retina file fills the size of half its pixels); '' for native. */
  size: z.string(),
  name: z.string(),
  /** Upload id of the banner (or of the native cover). */
  resource: z.string(),
  /** Public URL of the banner (or of the native cover). */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  campaignLocked: z.boolean(),
  native: NativeContentSchema.nullable(),
});
export type Creative = z.infer<typeof CreativeSchema>;

const StatusLiveSchema = z.object({ status: z.number().int(), text: z.string() });

const statsFields = {
  /** Zero until traffic statistics exist (nothing has been delivered yet). */
  impressions: z.number().int(),
  clicks: z.number().int(),
  spent: money(),
  ctr: z.number(),
};

export const CampaignListRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: CampaignKindSchema,
  /** 'Display Campaign', 'Native Web Campaign', ... */
  kindLabel: z.string(),
  status: z.number().int(),
  statusLabel: z.string(),
  statusLive: StatusLiveSchema,
  isLocked: z.boolean(),
  /** Creation time, ISO 8601 UTC. */
  date: z.string(),
  /** Euros (3 decimals on the dashboard). */
  price: money(3),
  paymentMode: z.number().int(),
  permalink: z.string(),
  ...statsFields,
});
export type CampaignListRow = z.infer<typeof CampaignListRowSchema>;
export const CampaignListSchema = z.array(CampaignListRowSchema);

export const CampaignDetailSchema = CampaignListRowSchema.extend({
  trafficType: z.number().int(),
  landingUrl: z.string(),
  runAfterApproval: z.boolean(),
  dailyBudget: money(),
  throttleBudget: z.boolean(),
  budgetFlag: z.boolean(),
  budget: money().nullable(),
  capping: z.number().int(),
  cappingTime: z.number().int(),
  device: z.number().int(),
  countries: z.array(z.string()),
  isAllCountries: z.boolean(),
  category: z.number().int(),
  excludeFlag: z.boolean(),
  excludeList: z.array(z.string()),
  sharingEnabled: z.boolean(),
  updatedAt: z.string(),
  creatives: z.array(CreativeSchema),
});
export type CampaignDetail = z.infer<typeof CampaignDetailSchema>;

/** GET /campaigns query: flags select statuses; none given means every non-archived campaign. */
const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');
export const CampaignListQuerySchema = z.object({
  archived: flag,
  running: flag,
  paused: flag,
  pending: flag,
  rejected: flag,
});
export type CampaignListQuery = z.input<typeof CampaignListQuerySchema>;

export const CampaignIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const CreativeParamsSchema = CampaignIdParamsSchema.extend({
  creativeId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const CampaignInformationSchema = z.object({ active: z.number().int(), total: z.number().int() });
export const CampaignNamesSchema = z.array(z.object({ id: z.number().int(), name: z.string() }));
export const ArchivedCampaignSchema = z.object({ id: z.number().int(), name: z.string(), date: z.string() });
export const ArchivedCampaignListSchema = z.array(ArchivedCampaignSchema);

export const CampaignIdResponseSchema = z.object({ id: z.number().int() });
export const CampaignStatusResponseSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  statusLabel: z.string(),
  statusLive: StatusLiveSchema,
});
export type CampaignStatusResponse = z.infer<typeof CampaignStatusResponseSchema>;

/** PUT /campaigns/{id}/creatives: add banners (display) or native ads (native kinds). */
export const AddCreativesSchema = z.object({
  campaignId: z.number().int().positive().max(2_147_483_647).optional(),
  creatives: z.array(ResourceRefSchema).max(50).default([]),
  nativeCreatives: z.array(NativeCreativeInputSchema).max(20).default([]),
});
/** PUT /campaigns/{id}/creatives/{creativeId}: change a banner (same size or its x2). */
export const ChangeBannerSchema = z.object({
  resource: z.string({ error: M.bannerRequired }).trim().min(1, M.bannerRequired).max(64, M.bannerRequired),
  name: z.string().trim().max(L.creativeNameMax).default(''),
});
/** DELETE /campaigns/{id}/creatives. */
export const DeleteCreativeSchema = z.object({
  campaignId: z.number().int().positive().max(2_147_483_647).optional(),
  creativeId: z.number().int().positive().max(2_147_483_647),
});
export const CreativesResponseSchema = z.object({ creatives: z.array(CreativeSchema) });

/** GET/PUT /campaigns/blacklist: the list itself (PUT body is a JSON array of strings). */
export const BlacklistSchema = ListSchema;
export const BlacklistResponseSchema = z.array(z.string());

export const SharingSchema = z.object({ status: z.boolean(), permalink: z.string() });
export type Sharing = z.infer<typeof SharingSchema>;
export const SharingUpdateSchema = z.object({ status: z.boolean() });
export const PermalinkSchema = z.object({ permalink: z.string() });
export const PermalinkParamsSchema = z.object({ permalink: z.string().min(3).max(80) });

/** GET /campaignSharing/{permalink}: what a preview shows. */
export const CampaignPreviewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: CampaignKindSchema,
  kindLabel: z.string(),
  trafficType: z.number().int(),
  landingUrl: z.string(),
  permalink: z.string(),
  sharingEnabled: z.boolean(),
  creatives: z.array(CreativeSchema),
});
export type CampaignPreview = z.infer<typeof CampaignPreviewSchema>;

// ---------------------------------------------------------------- options

export const AdFormatOptionSchema = z.object({
  trafficType: z.number().int(),
  format: z.number().int(),
  label: z.string(),
  sizes: z.array(z.string()),
  /** Premium-only formats are shown disabled: 'contact an account manager'. */
  disabled: z.boolean(),
  note: z.string().nullable(),
});
export const CampaignOptionsSchema = z.object({
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
  countryGroups: z.array(z.object({ name: z.string(), countries: z.array(z.string()) })),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  creativeTypes: z.array(z.object({ kind: CampaignKindSchema, label: z.string(), format: z.number().int() })),
  maxCreativeSize: z.number().int(),
  /** Euros, as configured (up to 6 decimals). */
  minimumBids: z.object({
    DISPLAY_TYPE_REGULAR: money(6),
    DISPLAY_TYPE_PREMIUM: money(6),
    NATIVE: money(6),
    APPLICATION: money(6),
    POPUNDER: money(6),
  }),
  minimumBidsClick: z.object({ NATIVE: money(6) }),
  adFormats: z.array(AdFormatOptionSchema),
  maxPrices: z.array(
    z.object({
      campaignType: CampaignKindSchema,
      paymentType: PaymentModeSchema,
      premium: z.boolean(),
      price: money(6),
    }),
  ),
});
export type CampaignOptions = z.infer<typeof CampaignOptionsSchema>;

// ---------------------------------------------------------------- uploads

export const UPLOAD_PURPOSES = ['banner', 'thumbnail', 'cover'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
/** base64 of a file strictly under 300,000 bytes, with room for the data-URL prefix. */
export const UPLOAD_DATA_MAX_CHARS = 1_400_000;

/**
 * POST /uploads (JSON): the file as a data URL. `size` (change banner) demands that exact
 * banner size or its x2. The type is decided from the bytes, not from the name.
 */
export const UploadRequestSchema = z.object({
  purpose: z.enum(UPLOAD_PURPOSES, { error: M.invalidFileFormat }),
  trafficType: TrafficTypeSchema.optional(),
  size: z
    .string()
    .regex(/^\d+x\d+$/)
    .optional(),
  name: z.string().trim().max(L.creativeNameMax).default(''),
  data: z.string({ error: M.fileRequired }).min(1, M.fileRequired).max(UPLOAD_DATA_MAX_CHARS, M.fileTooLarge),
});
export type UploadRequest = z.input<typeof UploadRequestSchema>;
export const UploadResponseSchema = z.object({
  resource: z.string(),
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** 'WxH' of the slot the file fills (Retina files: half their pixels). */
  size: z.string(),
  url: z.string(),
  mime: z.string(),
  bytes: z.number().int(),
});
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

// ---------------------------------------------------------------- drafts

/** Wizard drafts per kind: the form's fields, activeStep and uploaded resources, as JSON. */
export const DraftParamsSchema = z.object({ kind: CampaignKindSchema });
export const DraftDataSchema = z
  .record(z.string(), z.unknown())
  .refine((d) => JSON.stringify(d).length <= L.draftMaxChars, { error: M.draftTooLarge });
export const DraftPutSchema = z.object({ data: DraftDataSchema });
export const DraftSchema = z.object({
  kind: CampaignKindSchema,
  data: z.record(z.string(), z.unknown()).nullable(),
  updatedAt: z.string().nullable(),
});
export type Draft = z.infer<typeof DraftSchema>;
