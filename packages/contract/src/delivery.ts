import { z } from 'zod';
import { SupplyChainSchema } from './sellers';

/**
 * Ad delivery (docs/decisions/004-ad-codes.md, 007-delivery.md): what GET /serve/{zone}
 * answers. 204 when there is no ad. Outside /api, no envelope: ad codes read it directly.
 */
export const ServeQuerySchema = z.object({
  format: z.enum(['banner', 'sticky', 'native', 'popunder', 'json']).optional(),
  /** 'WxH' of a banner slot. */
  size: z
    .string()
    .regex(/^\d{2,4}x\d{2,4}$/)
    .optional(),
  variant: z.enum(['widget', 'alert']).optional(),
});
export type ServeQuery = z.infer<typeof ServeQuerySchema>;

export const ServeAnswerSchema = z.object({
  /** Banner: a self-contained document for an iframe's srcdoc (image link to clickUrl). */
  html: z.string().optional(),
  /** Banner image URL and its slot. */
  image: z.string().optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  /** Native fields. */
  title: z.string().optional(),
  description: z.string().optional(),
  descriptionShort: z.string().optional(),
  thumbnail: z.string().optional(),
  cta: z.string().optional(),
  brand: z.string().optional(),
  displayUrl: z.string().optional(),
  /** Popunder: minutes between two openings for one visitor. */
  interval: z.number().int().optional(),
  /** Signed click redirect (GET /click/{token}); for popunder, the URL to open. */
  clickUrl: z.string(),
  /**
   * Display formats: the signed viewability report of this impression (GET or POST
   * /view/{token}); tag.js adds `?e=m` once it measures the ad, `?e=v` once it was viewable
   * (docs/product/programmatic.md#viewability). Absent for popunder, which is never measured.
   */
  viewUrl: z.string().optional(),
  /**
   * The OpenRTB SupplyChain object of this impression (docs/product/programmatic.md): our node
   * with the publisher's seller id. tag.js writes it on the ad's element as `data-schain`.
   */
  schain: SupplyChainSchema.optional(),
});
export type ServeAnswer = z.infer<typeof ServeAnswerSchema>;

/**
 * Why a served or clicked event was not billed (docs/decisions/019-invalid-traffic.md).
 * Filtered events are recorded with their reason, never debited or credited, and shown in
 * both roles' reports as 'Filtered impressions' and 'Filtered clicks'.
 */
export const FilterReason = {
  // Invalid traffic (in the spirit of the MRC/IAB general invalid traffic rules).
  IpRate: 'ip_rate',
  VisitorRate: 'visitor_rate',
  ClickWithoutImpression: 'click_without_impression',
  ClickTooFast: 'click_too_fast',
  RepeatedClick: 'repeated_click',
  DataCentre: 'data_centre',
  Crawler: 'crawler',
  BadHeaders: 'bad_headers',
  ZoneAnomaly: 'zone_anomaly',
  // Billing rules at the moment the event is billed.
  CampaignInactive: 'campaign_inactive',
  DailyBudget: 'daily_budget',
  TotalBudget: 'total_budget',
  InsufficientFunds: 'insufficient_funds',
} as const;
export type FilterReason = (typeof FilterReason)[keyof typeof FilterReason];
export const FILTER_REASONS = Object.values(FilterReason) as readonly FilterReason[];

/** What reports show beside each reason. */
export const FILTER_REASON_LABELS: Record<FilterReason, string> = {
  ip_rate: 'Too many requests from one IP address',
  visitor_rate: 'Too many requests from one visitor',
  click_without_impression: 'Click without a matching impression',
  click_too_fast: 'Click faster than a person can',
  repeated_click: 'Repeated click',
  data_centre: 'Data-centre traffic',
  crawler: 'Crawler or automated browser',
  bad_headers: 'Request headers of no real browser',
  zone_anomaly: 'Zone traffic far above its baseline',
  campaign_inactive: 'Campaign not running',
  daily_budget: 'Daily budget reached',
  total_budget: 'Total budget reached',
  insufficient_funds: 'Advertiser balance used up',
};
