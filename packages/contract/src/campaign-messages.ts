/**
 * Campaigns (docs/product/campaigns.md#data, #statuses-and-actions, #pricing-and-budget, #messages; docs/product/limits.md#campaigns; docs/product/limits.md#our-choices): enums with labels, limits, exact
 * messages and the pure rules both sides apply. No zod here, so that a list screen can
 * show labels and offer actions without downloading the schema library; campaigns.ts
 * re-exports everything and adds the schemas.
 */

import { CAPPING_TIMES, type CampaignKind, CampaignStatus, PaymentMode, TrafficType } from './campaign-enums';
import { formatEuros } from './money';
import { paths } from './paths';
import { UI_MESSAGES } from './ui';

// ---------------------------------------------------------------- enums and labels (campaign-enums.ts)

export * from './campaign-enums';

// ---------------------------------------------------------------- limits

export const CAMPAIGN_LIMITS = {
  nameMax: 30,
  urlMax: 256,
  /** Default top price when the options do not name one. */
  priceMax: 20,
  priceStep: 0.1,
  /** The price of a new draft: "not chosen yet". */
  draftPrice: -1,
  dailyBudgetMin: 50,
  dailyBudgetMax: 1_000_000,
  dailyBudgetDefault: 50,
  totalBudgetMin: 0,
  totalBudgetMax: 9_999_999,
  cappingMin: 0,
  cappingMax: 127,
  /** Native texts. */
  titleMax: 60,
  smallDescriptionMax: 60,
  longDescriptionMax: 125,
  callToActionMax: 20,
  destinationWebsiteMax: 60,
  serviceNameMax: 30,
  /** Bytes; a file must be strictly smaller (300 KB at 1000 bytes per KB). */
  maxCreativeSize: 300_000,
  thumbnail: { width: 128, height: 128 },
  cover: { width: 800, height: 600 },
  /** Characters of a blacklist / exclusion list joined one item per line. */
  blacklistMax: 100_000,
  /** One list item (a zone id or a domain). */
  listItemMax: 256,
  /** Serialised JSON of one wizard draft. */
  draftMaxChars: 65_536,
  creativeNameMax: 150,
} as const;

/** Display banner sizes (docs/product/limits.md#our-choices). Every size also accepts its double (Retina). */
export const DISPLAY_SIZES = ['300x250', '728x90', '160x600', '300x600', '320x100', '320x50'] as const;
export type DisplaySize = (typeof DISPLAY_SIZES)[number];
/** Sizes whose preview opens on the mobile frame; others open on desktop. */
export const MOBILE_PREVIEW_SIZES = ['320x100', '320x50', 'STICKYMOBILE'] as const;
export const previewDeviceForSize = (size: string): 'mobile' | 'desktop' =>
  (MOBILE_PREVIEW_SIZES as readonly string[]).includes(size) ? 'mobile' : 'desktop';

export const parseSize = (size: string): { width: number; height: number } | null => {
  const m = /^(\d+)x(\d+)$/.exec(size);
  return m ? { width: Number(m[1]), height: Number(m[2]) } : null;
};

/**
 * The banner size an image of width x height fills, from `allowed`: the same size or its
 * double (Retina). Null when none.
 */
export function matchBannerSize(
  width: number,
  height: number,
  allowed: readonly string[] = DISPLAY_SIZES,
): string | null {
  for (const size of allowed) {
    const s = parseSize(size);
    if (!s) continue;
    if ((s.width === width && s.height === height) || (s.width * 2 === width && s.height * 2 === height)) return size;
  }
  return null;
}

/**
 * docs/product/campaigns.md#optimization "Exclusion toggling": with excludeFlag set a campaign's excludeList names the
 * zones to leave out; without it the list names the only zones to run on. The one reading of
 * the rule: the ad server, the traffic simulator and the Optimization tab's boxes all use it.
 */
export const showsOnZone = (excludeFlag: boolean, listed: boolean) => (excludeFlag ? !listed : listed);

/** Tracking tokens a landing URL may carry; they are replaced when an ad is served. */
export const LANDING_URL_TOKENS = [
  { token: '{zone_id}', label: 'Zone ID', example: '123' },
  { token: '{domain}', label: 'Domain', example: 'example.com' },
  { token: '{campaign_id}', label: 'Campaign ID', example: '45' },
  { token: '{banner_size}', label: 'Banner size', example: '300x250' },
  { token: '{click_id}', label: 'Click ID (conversion tracking)', example: 'q1Zb6oXW3yq2m0CkqP3xLw' },
] as const;

/**
 * A landing URL: http(s), a host with a dot, at most 256 characters; tracking tokens are
 * allowed anywhere after the host (they are checked as their example values).
 */
export function isValidLandingUrl(value: string): boolean {
  const url = value.trim();
  if (url.length === 0 || url.length > CAMPAIGN_LIMITS.urlMax) return false;
  if (!/^https?:\/\/[^\s/?#{}]+/i.test(url)) return false;
  let probe = url;
  for (const t of LANDING_URL_TOKENS) probe = probe.split(t.token).join(t.example);
  if (/[\s{}<>"]/.test(probe)) return false;
  try {
    const parsed = new URL(probe);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
    return /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(parsed.hostname) && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}

/** English characters only (native texts): printable ASCII without @, $ and the like. */
export const NATIVE_TEXT_PATTERN = /^[A-Za-z0-9 .,;:'"!?()\-_/&%+*#=]*$/;

/** Blacklist / exclusion text: one item per line, trimmed, empty lines dropped. */
export function normaliseList(input: string | readonly string[]): string[] {
  const lines = typeof input === 'string' ? input.split(/\r?\n/) : input.flatMap((s) => s.split(/\r?\n/));
  return lines.map((l) => l.trim()).filter((l) => l.length > 0);
}
/** Characters a list takes as text (one item per line), checked against blacklistMax. */
export const listTextLength = (items: readonly string[]) => items.join('\n').length;

// ---------------------------------------------------------------- messages

/**
 * The spec's template is 'Please enter a valid URL ({host} https:// in front)'; {host} is
 * filled with 'http:// or' (docs/decisions/003-campaign-status.md).
 */
export const invalidLandingUrl = (host = 'http:// or') => `Please enter a valid URL (${host} https:// in front)`;

const formatPrice = (n: number) => String(Number(n.toFixed(3)));
/** '1, 3, 6, 12 or 24': a list in a sentence. */
const orList = (items: readonly (string | number)[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}` : items.join('');
const L = CAMPAIGN_LIMITS;

export const CAMPAIGN_MESSAGES = {
  // docs/product/campaigns.md#pricing-and-budget, #messages, exact.
  invalidUrl: invalidLandingUrl(),
  priceTooLow: (min: number) => `The price must not be less than ${formatPrice(min)}.`,
  priceTooHigh: (max: number) => `The price must not be greater than ${formatPrice(max)}`,
  // The spec's texts, built from the limits they state so that a changed limit changes them.
  dailyTooLow: `The daily limit must not be less than ${formatEuros(L.dailyBudgetMin)}.`,
  dailyTooHigh: `The daily limit must not be greater than ${formatEuros(L.dailyBudgetMax)}.`,
  englishOnly: 'Please make sure you are using English characters only. Symbols like ‘@‘, ‘$’ are not allowed.',
  thumbnailSize: `You must upload the thumbnail as a ${L.thumbnail.width}x${L.thumbnail.height} image size.`,
  coverSize: `You must upload the cover as a ${L.cover.width}x${L.cover.height} image size.`,
  fileTooLarge: `The file could not be uploaded. The maximum file size is ${L.maxCreativeSize / 1000}kb.`,
  thumbnailRequired: 'Please upload a thumbnail image.',
  coverRequired: 'Please upload a cover image.',
  invalidFileFormat: 'Invalid file format.',
  /** Per-account upload quota and hourly rate (server configuration: UPLOAD_QUOTA_*, UPLOAD_RATE_PER_HOUR). */
  uploadQuotaFiles: (files: number) =>
    `You have reached the limit of ${files} uploaded files. Please use or remove some of your uploads first.`,
  uploadQuotaBytes: (megabytes: number) =>
    `You have reached the limit of ${megabytes} MB of uploaded files. Please use or remove some of your uploads first.`,
  damagedImage: 'The image could not be read: the file is damaged or incomplete.',
  uploadRateLimit: (perHour: number) => `You can upload at most ${perHour} files per hour. Please try again later.`,
  bannerSizes: (sizes: readonly string[] = DISPLAY_SIZES) =>
    `You must upload creatives with one of the following sizes: ${sizes.join(', ')} or x2 for Retina.`,
  bannerRequired: 'Please upload a banner.',
  changeBannerSize: (size: string) => `You must upload a creative with following size: ${size} or x2 for Retina.`,
  priceZero:
    'Please set a CPM for your campaign in order to activate it. For further details, please contact your account manager.',
  blacklistFailure:
    'An error has occurred. Please try again. If the problem persists, contact one of our account managers.',
  archivedNoChanges: 'Please unarchive your campaign before making any changes.',
  adblocker: 'Please disable your adblocker in order to be able to preview the creatives.',
  confirmDelete: UI_MESSAGES.confirmDestructive,
  runAfterApprovalNotice: 'Your campaign goes live once an account manager approves it.',
  premiumFormatNote: 'contact an account manager',
  archivedTabsNote: 'Campaign Setup, Optimization, Performance and Reports are unavailable for archived campaigns.',
  // Success texts (docs/product/campaigns.md#messages).
  created: 'Your campaign has been created!',
  updated: 'Campaign updated successfully.',
  archived: 'The campaign has been archived.',
  unarchived: 'The campaign has been unarchived.',
  duplicated: 'The campaign has been duplicated.',
  blacklistUpdated: 'Global Blacklist updated successfully.',
  bannerUpdated: 'Banner has been updated!',
  creativeDeleted: 'Creative has been deleted.',
  // Ours, where the product is silent.
  nameRequired: 'Please enter a campaign name.',
  nameTooLong: `Please use at most ${L.nameMax} characters for the campaign name.`,
  priceRequired: 'Please set a price.',
  dailyWhole: 'The daily limit must be a whole number of euros.',
  budgetRequired: 'Please enter a total budget.',
  budgetWhole: 'The total budget must be a whole number of euros.',
  budgetTooLow: `The total budget must not be less than ${formatEuros(L.totalBudgetMin)}.`,
  budgetTooHigh: `The total budget must not be greater than ${formatEuros(L.totalBudgetMax)}.`,
  cappingInvalid: `The capping must be a whole number from ${L.cappingMin} to ${L.cappingMax}.`,
  cappingTimeInvalid: `Please choose a capping time of ${orList(CAPPING_TIMES.map((s) => s / 3600))} hours.`,
  deviceInvalid: 'Please choose the devices to target.',
  countryInvalid: 'Please choose countries from the list.',
  categoryRequired: 'Please choose a category.',
  cpcNotAllowed: 'Only Native Web campaigns can pay per click.',
  kindInvalid: 'Please choose a campaign type.',
  invalidStatus: 'Please choose a valid status.',
  textRequired: (field: string) => `Please enter the ${field}.`,
  textTooLong: (max: number) => `Please use at most ${max} characters.`,
  blacklistTooLong: `The list must not be longer than ${L.blacklistMax} characters.`,
  listItemTooLong: `Each line of the list must be at most ${L.listItemMax} characters.`,
  bannerSizeTwice: (size: string) => `A banner of size ${size} is already part of this campaign.`,
  creativeMissing: 'This creative was not uploaded by you. Please upload it again.',
  creativePurpose: 'This file cannot be used here. Please upload it again.',
  lastCreative: 'A campaign must keep at least one creative.',
  locked: 'This campaign is managed by your account manager: only its status can be changed.',
  pauseRefused: 'Only a delivering campaign can be paused.',
  runRefused: 'Only a paused campaign can be run.',
  archiveRefused: 'Only a pending, delivering or paused campaign can be archived.',
  unarchiveRefused: 'Only an archived campaign can be unarchived.',
  duplicateRefused: 'This campaign cannot be duplicated.',
  creativesNotForKind: 'This campaign type does not take these creatives.',
  draftTooLarge: 'The draft is too large to be saved.',
  fileRequired: 'Please choose a file to upload.',
  previewUnavailable: 'This preview is not available. Ask the owner to share it again.',
  sharingOn: 'Preview sharing is on: anyone with the link can see the creatives.',
  sharingOff: 'Preview sharing is off.',
} as const;

/** Price field names in the product's text: CPM or CPC. */
export const priceLabel = (paymentMode: number) => (paymentMode === PaymentMode.CPC ? 'CPC' : 'CPM');

// ---------------------------------------------------------------- pricing

export type MinimumBids = {
  DISPLAY_TYPE_REGULAR: number;
  DISPLAY_TYPE_PREMIUM: number;
  NATIVE: number;
  APPLICATION: number;
  POPUNDER: number;
};
export type MinimumBidsClick = { NATIVE: number };
export type MaxPrice = { campaignType: CampaignKind; paymentType: PaymentMode; premium: boolean; price: number };
export type PricingOptions = { minimumBids: MinimumBids; minimumBidsClick: MinimumBidsClick; maxPrices: MaxPrice[] };
export type PricingInput = { kind: CampaignKind; trafficType: number; paymentMode: number };

export function minimumPrice(options: PricingOptions, { kind, trafficType, paymentMode }: PricingInput): number {
  if (paymentMode === PaymentMode.CPC) return options.minimumBidsClick.NATIVE;
  switch (kind) {
    case 'display':
      return trafficType === TrafficType.Premium
        ? options.minimumBids.DISPLAY_TYPE_PREMIUM
        : options.minimumBids.DISPLAY_TYPE_REGULAR;
    case 'native':
      return options.minimumBids.NATIVE;
    case 'application':
      return options.minimumBids.APPLICATION;
    default:
      return options.minimumBids.POPUNDER;
  }
}

export function maximumPrice(options: PricingOptions, { kind, trafficType, paymentMode }: PricingInput): number {
  const premium = trafficType === TrafficType.Premium;
  const found = options.maxPrices.find(
    (m) => m.campaignType === kind && m.paymentType === paymentMode && m.premium === premium,
  );
  return found?.price ?? CAMPAIGN_LIMITS.priceMax;
}

/** The price message for an input, or null when the price is within the bounds. */
export function priceError(options: PricingOptions, input: PricingInput & { price: number }): string | null {
  const min = minimumPrice(options, input);
  const max = maximumPrice(options, input);
  if (!Number.isFinite(input.price) || input.price < min - 1e-9) return CAMPAIGN_MESSAGES.priceTooLow(min);
  if (input.price > max + 1e-9) return CAMPAIGN_MESSAGES.priceTooHigh(max);
  return null;
}

// ---------------------------------------------------------------- actions per status

export type CampaignActions = {
  pause: boolean;
  run: boolean;
  archive: boolean;
  duplicate: boolean;
  unarchive: boolean;
  /** Editing fields and creatives (the Save button). */
  edit: boolean;
};

/**
 * Which actions the setup page offers (docs/product/campaigns.md#statuses-and-actions): pause for Delivering, run for Paused,
 * archive for Delivering/Paused/Pending, duplicate for Archived/Delivering/Paused/Pending,
 * unarchive for Archived; archive, duplicate and unarchive disabled when locked; a locked
 * or archived campaign is not editable.
 */
export function campaignActions(c: { status: number; isLocked: boolean }): CampaignActions {
  const s = c.status;
  const free = !c.isLocked;
  return {
    pause: s === CampaignStatus.Delivering,
    run: s === CampaignStatus.Paused,
    archive:
      free && [CampaignStatus.Delivering, CampaignStatus.Paused, CampaignStatus.Pending].includes(s as 0 | 1 | 2),
    duplicate:
      free &&
      [CampaignStatus.Archived, CampaignStatus.Delivering, CampaignStatus.Paused, CampaignStatus.Pending].includes(
        s as 0 | 1 | 2 | 9,
      ),
    unarchive: free && s === CampaignStatus.Archived,
    edit: free && s !== CampaignStatus.Archived,
  };
}

export type StatusAction = 'pause' | 'run' | 'archive' | 'unarchive';

/**
 * The server's status transition: the new status, or the refusal message. Locked
 * campaigns accept status changes (they are the only change they accept). Unarchive goes
 * back to Delivering only when the campaign had been approved, else to Pending.
 */
export function statusTransition(
  action: StatusAction,
  c: { status: number; price: number; approved: boolean },
): { status: CampaignStatus } | { error: string } {
  switch (action) {
    case 'pause':
      return c.status === CampaignStatus.Delivering
        ? { status: CampaignStatus.Paused }
        : { error: CAMPAIGN_MESSAGES.pauseRefused };
    case 'run':
      if (c.status !== CampaignStatus.Paused) return { error: CAMPAIGN_MESSAGES.runRefused };
      if (!(c.price > 0)) return { error: CAMPAIGN_MESSAGES.priceZero };
      return { status: CampaignStatus.Delivering };
    case 'archive':
      return [CampaignStatus.Delivering, CampaignStatus.Paused, CampaignStatus.Pending].includes(c.status as 0 | 1 | 2)
        ? { status: CampaignStatus.Archived }
        : { error: CAMPAIGN_MESSAGES.archiveRefused };
    case 'unarchive':
      if (c.status !== CampaignStatus.Archived) return { error: CAMPAIGN_MESSAGES.unarchiveRefused };
      return { status: c.approved ? CampaignStatus.Delivering : CampaignStatus.Pending };
  }
}

/** Campaign list sort (docs/product/campaigns.md#campaign-list): by status, then newest date first. */
export function compareCampaignRows(a: { status: number; date: string }, b: { status: number; date: string }) {
  return a.status - b.status || b.date.localeCompare(a.date);
}

/** Preview link of a campaign (docs/product/campaigns.md#preview-and-sharing): mobile/ appended for the app type. */
export const campaignPreviewPath = (idOrPermalink: string | number, kind: CampaignKind) =>
  paths.campaign.preview(idOrPermalink, kind === 'application' ? 'mobile' : undefined);

/** A permalink is '<id>,<random>': the comma marks it as public (docs/product/campaigns.md#preview-and-sharing). */
export const isPermalink = (id: string) => id.includes(',');

/**
 * The advertiser's notice when an account manager approves a campaign (docs/decisions/003,
 * 020): it names the status the campaign really got. `kind` is the campaign kind's label.
 */
export const CAMPAIGN_APPROVAL_NOTICES = {
  title: 'Campaign approved',
  running: (kind: string, name: string) => `Your ${kind} "${name}" has been approved and is now running.`,
  paused: (kind: string, name: string) => `Your ${kind} "${name}" has been approved. Run it whenever you are ready.`,
  outOfFunds: (kind: string, name: string) =>
    `Your ${kind} "${name}" has been approved, but your balance is empty: it is Out of Funds and will start running as soon as you add funds.`,
} as const;

/**
 * What a new wizard starts from (docs/product/campaigns.md#pricing-and-budget: price -1, daily budget 50). Here, not beside
 * the schemas, so the campaign setup tab can fill its form without zod (decision 027).
 */
export const DRAFT_DEFAULTS = {
  activeStep: 0,
  name: '',
  landingUrl: '',
  price: CAMPAIGN_LIMITS.draftPrice,
  paymentMode: 0,
  trafficType: 0,
  runAfterApproval: true,
  dailyBudget: CAMPAIGN_LIMITS.dailyBudgetDefault,
  throttleBudget: false,
  budgetFlag: false,
  budget: null,
  capping: 0,
  cappingTime: 0,
  device: 3,
  countries: [] as string[],
  category: null,
  excludeFlag: true,
  excludeList: [] as string[],
} as const;
