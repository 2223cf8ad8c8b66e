import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_MESSAGES as M,
  type CampaignOptions,
  CampaignStatus,
  campaignActions,
  campaignCreateSchema,
  campaignPricingSchema,
  campaignStatusLabel,
  compareCampaignRows,
  coupleCapping,
  deliveryStatusLabel,
  isValidLandingUrl,
  matchBannerSize,
  maximumPrice,
  minimumPrice,
  NativeCreativeInputSchema,
  normaliseList,
  BlacklistSchema,
  statusLive,
  statusTransition,
  campaignPreviewPath,
  previewDeviceForSize,
} from './campaigns';

const options: Pick<CampaignOptions, 'minimumBids' | 'minimumBidsClick' | 'maxPrices'> = {
  minimumBids: { DISPLAY_TYPE_REGULAR: 0.2, DISPLAY_TYPE_PREMIUM: 3, NATIVE: 0.5, APPLICATION: 0.5, POPUNDER: 1 },
  minimumBidsClick: { NATIVE: 0.05 },
  maxPrices: [{ campaignType: 'display', paymentType: 0, premium: true, price: 15 }],
};

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message;

describe('campaign status labels', () => {
  it('shows Running for every delivering-type value and the others by name', () => {
    expect([1, 4, 5, 8].map(campaignStatusLabel)).toEqual(['Running', 'Running', 'Running', 'Running']);
    expect([0, 2, 3, 9].map(campaignStatusLabel)).toEqual(['Pending', 'Paused', 'Rejected', 'Archived']);
  });
  it('has a delivery status only for delivering-type values', () => {
    expect(deliveryStatusLabel(CampaignStatus.OutOfFunds)).toBe('Out of Funds');
    expect(deliveryStatusLabel(CampaignStatus.Delivering)).toBe('Delivering');
    expect(deliveryStatusLabel(CampaignStatus.Paused)).toBeNull();
    expect(statusLive(5)).toEqual({ status: 5, text: 'Limit Reached' });
    expect(statusLive(0)).toEqual({ status: 0, text: 'Pending' });
  });
});

describe('actions per status', () => {
  it('offers pause for Delivering and run for Paused only', () => {
    expect(campaignActions({ status: 1, isLocked: false })).toMatchObject({ pause: true, run: false });
    expect(campaignActions({ status: 2, isLocked: false })).toMatchObject({ pause: false, run: true });
    expect(campaignActions({ status: 4, isLocked: false })).toMatchObject({ pause: false, run: false });
  });
  it('offers archive, duplicate and unarchive by status and disables them when locked', () => {
    expect(campaignActions({ status: 0, isLocked: false })).toMatchObject({
      archive: true,
      duplicate: true,
      unarchive: false,
    });
    expect(campaignActions({ status: 9, isLocked: false })).toMatchObject({
      archive: false,
      duplicate: true,
      unarchive: true,
      edit: false,
    });
    expect(campaignActions({ status: 3, isLocked: false })).toMatchObject({ archive: false, duplicate: false });
    expect(campaignActions({ status: 1, isLocked: true })).toEqual({
      pause: true,
      run: false,
      archive: false,
      duplicate: false,
      unarchive: false,
      edit: false,
    });
  });
  it('computes server transitions with their refusals', () => {
    expect(statusTransition('pause', { status: 1, price: 1, approved: true })).toEqual({ status: 2 });
    expect(statusTransition('pause', { status: 0, price: 1, approved: false })).toEqual({ error: M.pauseRefused });
    expect(statusTransition('run', { status: 2, price: 0, approved: true })).toEqual({ error: M.priceZero });
    expect(statusTransition('run', { status: 2, price: 0.2, approved: true })).toEqual({ status: 1 });
    expect(statusTransition('archive', { status: 3, price: 1, approved: false })).toEqual({ error: M.archiveRefused });
    expect(statusTransition('unarchive', { status: 9, price: 1, approved: true })).toEqual({ status: 1 });
    expect(statusTransition('unarchive', { status: 9, price: 1, approved: false })).toEqual({ status: 0 });
  });
  it('sorts by status, then newest first', () => {
    const rows = [
      { status: 2, date: '2026-01-01' },
      { status: 0, date: '2026-01-01' },
      { status: 0, date: '2026-02-01' },
    ];
    expect(rows.sort(compareCampaignRows)).toEqual([
      { status: 0, date: '2026-02-01' },
      { status: 0, date: '2026-01-01' },
      { status: 2, date: '2026-01-01' },
    ]);
  });
});

describe('capping coupling', () => {
  it('forces time 0 when capping is 0 and 24 h when capping rises from time 0', () => {
    expect(coupleCapping(0, 3600)).toEqual({ capping: 0, cappingTime: 0 });
    expect(coupleCapping(3, 0)).toEqual({ capping: 3, cappingTime: 86400 });
    expect(coupleCapping(3, 10800)).toEqual({ capping: 3, cappingTime: 10800 });
  });
});

describe('landing URL', () => {
  it('accepts http(s) URLs with tracking tokens', () => {
    expect(isValidLandingUrl('https://example.com/?z={zone_id}&d={domain}&c={campaign_id}&s={banner_size}')).toBe(true);
    expect(isValidLandingUrl('http://shop.example.co.uk/path')).toBe(true);
  });
  it('refuses URLs without the scheme, unknown tokens or too long', () => {
    expect(isValidLandingUrl('example.com')).toBe(false);
    expect(isValidLandingUrl('ftp://example.com')).toBe(false);
    expect(isValidLandingUrl('https://example.com/{unknown}')).toBe(false);
    expect(isValidLandingUrl(`https://example.com/${'a'.repeat(260)}`)).toBe(false);
    expect(M.invalidUrl).toBe('Please enter a valid URL (http:// or https:// in front)');
  });
});

describe('pricing', () => {
  it('takes the minimum from kind, traffic and payment mode', () => {
    expect(minimumPrice(options, { kind: 'display', trafficType: 0, paymentMode: 0 })).toBe(0.2);
    expect(minimumPrice(options, { kind: 'display', trafficType: 1, paymentMode: 0 })).toBe(3);
    expect(minimumPrice(options, { kind: 'native', trafficType: 0, paymentMode: 1 })).toBe(0.05);
    expect(minimumPrice(options, { kind: 'popunder', trafficType: 0, paymentMode: 0 })).toBe(1);
    expect(maximumPrice(options, { kind: 'display', trafficType: 1, paymentMode: 0 })).toBe(15);
    expect(maximumPrice(options, { kind: 'native', trafficType: 0, paymentMode: 0 })).toBe(20);
  });
  it('answers the spec messages', () => {
    const schema = campaignPricingSchema(options, 'display');
    expect(firstMessage(schema.safeParse({ price: 0.1 }))).toBe('The price must not be less than 0.2.');
    expect(firstMessage(schema.safeParse({ price: 3, trafficType: 1 }))).toBeNull();
    expect(firstMessage(schema.safeParse({ price: 2, trafficType: 1 }))).toBe('The price must not be less than 3.');
    expect(firstMessage(schema.safeParse({ price: 21 }))).toBe('The price must not be greater than 20');
    expect(firstMessage(schema.safeParse({ price: 1, paymentMode: 1 }))).toBe(M.cpcNotAllowed);
    expect(firstMessage(schema.safeParse({ price: 1, budgetFlag: true }))).toBe(M.budgetRequired);
    expect(firstMessage(schema.safeParse({ price: 1, budgetFlag: true, budget: 10_000_000 }))).toBe(M.budgetTooHigh);
    expect(firstMessage(schema.safeParse({ price: 1, budgetFlag: false, budget: null }))).toBeNull();
  });
});

describe('campaign create schema', () => {
  const base = {
    kind: 'display',
    name: 'My campaign',
    landingUrl: 'https://example.com',
    price: 0.5,
    dailyBudget: 50,
    category: 1,
    creatives: [{ resource: 'abc', name: 'a.png' }],
  };
  const schema = campaignCreateSchema(options);
  it('accepts a complete display campaign with defaults', () => {
    const r = schema.parse(base);
    expect(r).toMatchObject({ paymentMode: 0, trafficType: 0, capping: 0, cappingTime: 0, device: 3, countries: [] });
  });
  it('answers each field message', () => {
    expect(firstMessage(schema.safeParse({ ...base, name: ' ' }))).toBe(M.nameRequired);
    expect(firstMessage(schema.safeParse({ ...base, name: 'x'.repeat(31) }))).toBe(M.nameTooLong);
    expect(firstMessage(schema.safeParse({ ...base, landingUrl: 'example.com' }))).toBe(M.invalidUrl);
    expect(firstMessage(schema.safeParse({ ...base, dailyBudget: 49 }))).toBe(M.dailyTooLow);
    expect(firstMessage(schema.safeParse({ ...base, dailyBudget: 1_000_001 }))).toBe(M.dailyTooHigh);
    expect(firstMessage(schema.safeParse({ ...base, dailyBudget: 50.5 }))).toBe(M.dailyWhole);
    expect(firstMessage(schema.safeParse({ ...base, capping: 128 }))).toBe(M.cappingInvalid);
    expect(firstMessage(schema.safeParse({ ...base, cappingTime: 7200 }))).toBe(M.cappingTimeInvalid);
    expect(firstMessage(schema.safeParse({ ...base, creatives: [] }))).toBe(M.bannerRequired);
    expect(firstMessage(schema.safeParse({ ...base, price: 25 }))).toBe(M.priceTooHigh(20));
  });
  it('requires a native ad with thumbnail and cover for native kinds', () => {
    expect(firstMessage(schema.safeParse({ ...base, kind: 'native', creatives: [] }))).toBe(M.thumbnailRequired);
    expect(firstMessage(schema.safeParse({ ...base, kind: 'popunder', price: 1, creatives: [] }))).toBeNull();
  });
});

describe('native creative texts', () => {
  const ad = {
    title: 'Trade smarter',
    smallDescription: 'Low fees',
    longDescription: 'Trade crypto with low fees and fast execution.',
    callToAction: 'Sign up',
    destinationWebsite: 'example.com',
    serviceName: 'Example',
    thumbnail: { resource: 't', name: 't.png' },
    cover: { resource: 'c', name: 'c.png' },
  };
  it('refuses symbols with the curly-quote message and missing images', () => {
    expect(firstMessage(NativeCreativeInputSchema.safeParse(ad))).toBeNull();
    expect(firstMessage(NativeCreativeInputSchema.safeParse({ ...ad, title: 'Win $100' }))).toBe(
      'Please make sure you are using English characters only. Symbols like ‘@‘, ‘$’ are not allowed.',
    );
    expect(firstMessage(NativeCreativeInputSchema.safeParse({ ...ad, title: 'x'.repeat(61) }))).toBe(
      'Please use at most 60 characters.',
    );
    expect(firstMessage(NativeCreativeInputSchema.safeParse({ ...ad, thumbnail: null }))).toBe(M.thumbnailRequired);
    expect(firstMessage(NativeCreativeInputSchema.safeParse({ ...ad, cover: undefined }))).toBe(M.coverRequired);
  });
});

describe('lists and sizes', () => {
  it('normalises list text: split lines, trim, drop empties', () => {
    expect(normaliseList(' a.com \n\n  12\r\nb.com ')).toEqual(['a.com', '12', 'b.com']);
    expect(BlacklistSchema.parse([' x ', '', 'y\nz'])).toEqual(['x', 'y', 'z']);
  });
  it('refuses a list over 100000 characters', () => {
    const items = Array.from({ length: 20_001 }, () => 'abcde');
    expect(firstMessage(BlacklistSchema.safeParse(items))).toBe(M.blacklistTooLong);
  });
  it('matches banner sizes and their Retina doubles', () => {
    expect(matchBannerSize(300, 250)).toBe('300x250');
    expect(matchBannerSize(600, 500)).toBe('300x250');
    expect(matchBannerSize(301, 250)).toBeNull();
    expect(M.bannerSizes()).toBe(
      'You must upload creatives with one of the following sizes: 300x250, 728x90, 160x600, 300x600, 320x100, 320x50 or x2 for Retina.',
    );
  });
  it('builds preview paths and devices', () => {
    expect(campaignPreviewPath(5, 'application')).toBe('/campaigns/preview/5/mobile/');
    expect(campaignPreviewPath('5,abc', 'display')).toBe('/campaigns/preview/5,abc/');
    expect(previewDeviceForSize('320x50')).toBe('mobile');
    expect(previewDeviceForSize('728x90')).toBe('desktop');
  });
});
