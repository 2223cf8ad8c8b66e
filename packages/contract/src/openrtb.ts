import { z } from 'zod';
import { OPENRTB_MAX_IMPS } from './openrtb-messages';

/**
 * The part of an OpenRTB 2.6 BidRequest that POST /openrtb2/auction reads
 * (docs/product/programmatic.md). Fields we do not use are dropped, never refused: OpenRTB
 * lets every party add fields and extensions. What we read is checked for shape and size;
 * a request that fails answers 400 with the field and the reason.
 */

const binary = z.union([z.literal(0), z.literal(1)]);
/** Our zones' public id (16 hex characters) or anything that names none (then no bid for it). */
const zoneRef = z.union([z.string().max(64), z.number().int().nonnegative()]).transform(String);
const currency = z.string().regex(/^[A-Z]{3}$/);

const FormatSchema = z.object({
  w: z.number().int().min(1).max(10_000),
  h: z.number().int().min(1).max(10_000),
});

const BannerSchema = z.object({
  format: z.array(FormatSchema).max(50).optional(),
  w: z.number().int().min(1).max(10_000).optional(),
  h: z.number().int().min(1).max(10_000).optional(),
});

/**
 * A bidder's parameters as each integration carries them: ours (`ext.cryptads`), a Prebid
 * Server bidder's (`ext.bidder`), or a request to Prebid Server itself (`ext.prebid.bidder.cryptads`).
 * Another party's extension of another shape is ignored, not refused.
 */
const ZoneParamsSchema = z.object({ zone: zoneRef.optional() }).optional().catch(undefined);

const ImpSchema = z.object({
  id: z.string().min(1).max(64),
  tagid: z.string().max(64).optional(),
  banner: BannerSchema.optional(),
  bidfloor: z.number().min(0).max(1_000_000).optional(),
  bidfloorcur: currency.optional(),
  secure: binary.optional(),
  ext: z
    .object({
      cryptads: ZoneParamsSchema,
      bidder: ZoneParamsSchema,
      prebid: z
        .object({ bidder: z.object({ cryptads: ZoneParamsSchema }).optional() })
        .optional()
        .catch(undefined),
    })
    .optional(),
});

const SiteSchema = z.object({
  page: z.string().max(2048).optional(),
  domain: z.string().max(253).optional(),
  ref: z.string().max(2048).optional(),
});

const DeviceSchema = z.object({
  ua: z.string().max(1024).optional(),
  ip: z.string().max(64).optional(),
  ipv6: z.string().max(64).optional(),
  geo: z.object({ country: z.string().max(3).optional() }).optional(),
  dnt: binary.optional(),
  lmt: binary.optional(),
});

const RegsSchema = z.object({
  coppa: binary.optional(),
  gdpr: binary.optional(),
  us_privacy: z.string().max(8).optional(),
  gpp: z.string().max(20_000).optional(),
  gpp_sid: z.array(z.number().int()).max(50).optional(),
  /** OpenRTB 2.5's places for the same signals (Prebid's 2.5 translator, older exchanges). */
  ext: z.object({ gdpr: binary.optional(), us_privacy: z.string().max(8).optional() }).optional(),
});

const UserSchema = z.object({
  consent: z.string().max(20_000).optional(),
  ext: z.object({ consent: z.string().max(20_000).optional() }).optional(),
});

export const BidRequestSchema = z.object({
  id: z.string().min(1).max(64),
  imp: z.array(ImpSchema).min(1).max(OPENRTB_MAX_IMPS),
  site: SiteSchema.optional(),
  device: DeviceSchema.optional(),
  regs: RegsSchema.optional(),
  user: UserSchema.optional(),
  /** Currencies the caller accepts; absent: ours. */
  cur: z.array(currency).max(20).optional(),
  test: binary.optional(),
  tmax: z.number().int().nonnegative().optional(),
});
export type BidRequest = z.infer<typeof BidRequestSchema>;
export type BidRequestImp = BidRequest['imp'][number];

/** The zone an impression names: our extension first, then a Prebid Server bidder's, then tagid. */
export function zoneOfImp(imp: BidRequestImp): string | undefined {
  return imp.ext?.cryptads?.zone ?? imp.ext?.bidder?.zone ?? imp.ext?.prebid?.bidder?.cryptads?.zone ?? imp.tagid;
}

/** The sizes ('WxH') an impression's banner accepts. */
export function bannerSizes(imp: BidRequestImp): string[] {
  const b = imp.banner;
  if (!b) return [];
  const sizes = (b.format ?? []).map((f) => `${f.w}x${f.h}`);
  if (b.w && b.h) sizes.push(`${b.w}x${b.h}`);
  return [...new Set(sizes)];
}
