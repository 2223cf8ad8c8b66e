import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { AdFormat, type CampaignKind, CampaignStatus, KIND_AD_FORMAT, parseSize } from '@cryptads/contract/campaigns';
import { eurosToMicros } from '@cryptads/contract/money';
import type { AppContext } from '../../context';
import { campaignBlacklists, campaigns, creatives, uploads } from '../../db/schema/campaigns';
import { users } from '../../db/schema/users';
import { encodePng, type Rgb } from '../../lib/image-encode';

/**
 * The demo advertiser's campaigns: every kind, several statuses, with generated PNG
 * creatives stored through the storage adapter like real uploads.
 */

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

/** A banner: diagonal gradient, a light frame, a "headline" bar and an accent button. */
export function bannerPng(width: number, height: number, from: Rgb, to: Rgb, accent: Rgb): Buffer {
  const pad = Math.max(2, Math.round(Math.min(width, height) * 0.08));
  const wide = width >= height;
  const btn = wide
    ? { x0: width * 0.68, x1: width - pad * 1.5, y0: height * 0.3, y1: height * 0.7 }
    : { x0: width * 0.2, x1: width * 0.8, y0: height * 0.78, y1: height * 0.88 };
  const bar = wide
    ? { x0: pad * 1.5, x1: width * 0.6, y0: height * 0.38, y1: height * 0.52 }
    : { x0: width * 0.15, x1: width * 0.85, y0: height * 0.2, y1: height * 0.26 };
  const bar2 = wide
    ? { x0: pad * 1.5, x1: width * 0.45, y0: height * 0.58, y1: height * 0.66 }
    : { x0: width * 0.15, x1: width * 0.65, y0: height * 0.3, y1: height * 0.33 };
  const inside = (r: { x0: number; x1: number; y0: number; y1: number }, x: number, y: number) =>
    x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1;
  return encodePng(width, height, (x, y) => {
    if (x < 2 || y < 2 || x >= width - 2 || y >= height - 2) return [235, 240, 250];
    if (inside(btn, x, y)) return accent;
    if (inside(bar, x, y)) return [250, 250, 252];
    if (inside(bar2, x, y)) return [200, 210, 230];
    const t = (x / width + y / height) / 2;
    // Quantised gradient: bands compress well and look deliberate.
    return mix(from, to, Math.round(t * 16) / 16);
  });
}

type Palette = { from: Rgb; to: Rgb; accent: Rgb };
const PALETTES: Palette[] = [
  { from: [14, 30, 68], to: [36, 84, 180], accent: [255, 183, 3] },
  { from: [20, 20, 40], to: [110, 40, 160], accent: [0, 214, 160] },
  { from: [8, 60, 60], to: [20, 150, 120], accent: [255, 255, 255] },
  { from: [60, 16, 30], to: [200, 70, 60], accent: [255, 220, 120] },
];

type DemoCampaign = {
  name: string;
  kind: CampaignKind;
  status: CampaignStatus;
  approved: boolean;
  locked?: boolean;
  price: number;
  paymentMode?: 0 | 1;
  trafficType?: 0 | 1;
  daily: number;
  category: number;
  countries: string[];
  device?: 1 | 2 | 3;
  capping?: number;
  cappingTime?: number;
  sizes?: string[];
  native?: {
    title: string;
    smallDescription: string;
    longDescription: string;
    callToAction: string;
    serviceName: string;
  };
  daysAgo: number;
  sharing?: boolean;
  palette: number;
};

const DEMO: DemoCampaign[] = [
  {
    name: 'Spring Exchange Launch',
    kind: 'display',
    status: CampaignStatus.Delivering,
    approved: true,
    price: 0.45,
    daily: 150,
    category: 1,
    countries: ['DE', 'FR', 'NL', 'ES'],
    capping: 3,
    cappingTime: 86400,
    sizes: ['300x250', '728x90', '320x50'],
    daysAgo: 40,
    sharing: true,
    palette: 0,
  },
  // Running worldwide on every regular banner size, native and popunder: the demo publisher's
  // Active zones all have something to serve, and the simulated history has believable numbers.
  {
    name: 'Crypto Tax Helper',
    kind: 'display',
    status: CampaignStatus.Delivering,
    approved: true,
    price: 0.25,
    daily: 40,
    category: 14,
    countries: [],
    sizes: ['300x250', '728x90', '160x600', '300x600', '320x100', '320x50'],
    daysAgo: 120,
    palette: 2,
  },
  {
    name: 'Crypto Card Cashback',
    kind: 'native',
    status: CampaignStatus.Delivering,
    approved: true,
    price: 0.06,
    paymentMode: 1,
    daily: 30,
    category: 9,
    countries: [],
    native: {
      title: '3% cashback in Bitcoin',
      smallDescription: 'A debit card that pays you in BTC',
      longDescription: 'Spend euros anywhere, get 3% back in Bitcoin on every purchase. No annual fee.',
      callToAction: 'Get the card',
      serviceName: 'SatsCard',
    },
    daysAgo: 100,
    palette: 3,
  },
  {
    name: 'Exchange Welcome Bonus',
    kind: 'popunder',
    status: CampaignStatus.Delivering,
    approved: true,
    price: 1.5,
    daily: 50,
    category: 1,
    countries: [],
    daysAgo: 95,
    palette: 0,
  },
  {
    name: 'Premium Wallet Promo',
    kind: 'display',
    status: CampaignStatus.Paused,
    approved: true,
    price: 3.5,
    trafficType: 1,
    daily: 300,
    category: 2,
    countries: [],
    sizes: ['300x600', '160x600'],
    daysAgo: 30,
    palette: 1,
  },
  {
    name: 'Trading Signals Q2',
    kind: 'display',
    status: CampaignStatus.LimitReached,
    approved: true,
    price: 0.3,
    daily: 50,
    category: 6,
    countries: ['GB', 'IE'],
    sizes: ['300x250', '320x100'],
    daysAgo: 12,
    palette: 3,
  },
  {
    name: 'DeFi Yield Native',
    kind: 'native',
    status: CampaignStatus.Pending,
    approved: false,
    price: 0.08,
    paymentMode: 1,
    daily: 80,
    category: 3,
    countries: ['US', 'CA'],
    native: {
      title: 'Earn up to 8% on stablecoins',
      smallDescription: 'Audited DeFi vaults, no lock-up',
      longDescription: 'Put idle stablecoins to work in audited vaults. Withdraw any time, track every yield on chain.',
      callToAction: 'Start earning',
      serviceName: 'YieldHarbor',
    },
    daysAgo: 3,
    palette: 2,
  },
  {
    name: 'Mobile Wallet App',
    kind: 'application',
    status: CampaignStatus.Delivering,
    approved: true,
    locked: true,
    price: 0.6,
    daily: 200,
    category: 2,
    countries: [],
    device: 2,
    native: {
      title: 'Your keys, your coins',
      smallDescription: 'A self-custody wallet for iOS',
      longDescription: 'Store, swap and stake 300+ tokens from one self-custody wallet with biometric security.',
      callToAction: 'Install',
      serviceName: 'KeyVault',
    },
    daysAgo: 20,
    palette: 1,
  },
  {
    name: 'Token Sale Popunder',
    kind: 'popunder',
    status: CampaignStatus.Rejected,
    approved: false,
    price: 1.2,
    daily: 100,
    category: 5,
    countries: [],
    daysAgo: 8,
    palette: 0,
  },
  {
    name: 'Airdrop Winter 2025',
    kind: 'popunder',
    status: CampaignStatus.Archived,
    approved: true,
    price: 1,
    daily: 60,
    category: 11,
    countries: ['BR', 'AR'],
    daysAgo: 80,
    palette: 3,
  },
];

async function storePng(ctx: AppContext, ownerId: number, purpose: string, name: string, bytes: Buffer, size: string) {
  const dims = parseSize(size) ?? { width: 0, height: 0 };
  const storageKey = `${randomBytes(24).toString('base64url')}.png`;
  await ctx.storage.put(storageKey, bytes);
  const id = randomBytes(12).toString('base64url');
  await ctx.db.insert(uploads).values({
    id,
    ownerId,
    purpose,
    name,
    mime: 'image/png',
    width: dims.width,
    height: dims.height,
    size,
    bytes: bytes.length,
    storageKey,
  });
  return id;
}

/** Seeds the advertiser's campaigns once (skipped when the account already has some). */
export async function seedDemoCampaigns(ctx: AppContext, advertiserEmail: string) {
  const [owner] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, advertiserEmail)).limit(1);
  if (!owner) return;
  const [existing] = await ctx.db.select({ n: count() }).from(campaigns).where(eq(campaigns.ownerId, owner.id));
  if ((existing?.n ?? 0) > 0) return;

  for (const d of DEMO) {
    const p = PALETTES[d.palette] as Palette;
    const created = new Date(Date.now() - d.daysAgo * 86_400_000);
    const [row] = await ctx.db
      .insert(campaigns)
      .values({
        ownerId: owner.id,
        name: d.name,
        kind: d.kind,
        status: d.status,
        isLocked: d.locked ?? false,
        approvedAt: d.approved ? created : null,
        priceMicros: eurosToMicros(d.price),
        paymentMode: d.paymentMode ?? 0,
        trafficType: d.trafficType ?? 0,
        landingUrl: `https://${d.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example/?zone={zone_id}&campaign={campaign_id}&click_id={click_id}`,
        runAfterApproval: true,
        dailyBudgetMicros: eurosToMicros(d.daily),
        capping: d.capping ?? 0,
        cappingTime: d.cappingTime ?? 0,
        device: d.device ?? 3,
        countries: d.countries,
        category: d.category,
        permalink: `pending,${randomBytes(12).toString('base64url')}`,
        sharingEnabled: d.sharing ?? false,
        createdAt: created,
        updatedAt: created,
      })
      .returning();
    if (!row) continue;
    await ctx.db
      .update(campaigns)
      .set({ permalink: `${row.id},${randomBytes(12).toString('base64url')}` })
      .where(eq(campaigns.id, row.id));

    for (const size of d.sizes ?? []) {
      const s = parseSize(size) ?? { width: 300, height: 250 };
      const name = `${size}.png`;
      const uploadId = await storePng(
        ctx,
        owner.id,
        'banner',
        name,
        bannerPng(s.width, s.height, p.from, p.to, p.accent),
        size,
      );
      await ctx.db.insert(creatives).values({ campaignId: row.id, format: AdFormat.Banner, size, name, uploadId });
    }
    if (d.native) {
      const thumb = await storePng(
        ctx,
        owner.id,
        'thumbnail',
        'icon.png',
        bannerPng(128, 128, p.from, p.to, p.accent),
        '128x128',
      );
      const cover = await storePng(
        ctx,
        owner.id,
        'cover',
        'cover.png',
        bannerPng(800, 600, p.from, p.to, p.accent),
        '800x600',
      );
      await ctx.db.insert(creatives).values({
        campaignId: row.id,
        format: KIND_AD_FORMAT[d.kind],
        size: '',
        name: d.native.title,
        uploadId: cover,
        thumbnailUploadId: thumb,
        ...d.native,
        destinationWebsite: `${d.native.serviceName.toLowerCase()}.example`,
      });
    }
  }
  await ctx.db
    .insert(campaignBlacklists)
    .values({ ownerId: owner.id, items: ['spammy-faucets.example', 'clickfarm.example', '10042'] })
    .onConflictDoNothing();
}
