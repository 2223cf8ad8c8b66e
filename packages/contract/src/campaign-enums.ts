/**
 * Campaign enums with their labels (status, format, kind, traffic, payment mode, device,
 * capping) and the small pure rules on them. Zod-free like campaign-messages.ts, which
 * re-exports all of it.
 */

/** Campaign status values (6 and 7 do not exist). */
export const CampaignStatus = {
  Pending: 0,
  Delivering: 1,
  Paused: 2,
  Rejected: 3,
  OutOfFunds: 4,
  LimitReached: 5,
  Delivered: 8,
  Archived: 9,
} as const;
export type CampaignStatus = (typeof CampaignStatus)[keyof typeof CampaignStatus];
export const CAMPAIGN_STATUS_VALUES: readonly CampaignStatus[] = [0, 1, 2, 3, 4, 5, 8, 9];

/** The delivering-type values: they display as Running and carry a delivery status. */
export const RUNNING_STATUSES: readonly CampaignStatus[] = [
  CampaignStatus.Delivering,
  CampaignStatus.OutOfFunds,
  CampaignStatus.LimitReached,
  CampaignStatus.Delivered,
];

export const isRunningStatus = (status: number): boolean => (RUNNING_STATUSES as readonly number[]).includes(status);

/** Displayed label: Pending, Paused, Rejected, Archived, or Running for the delivering-type values. */
export function campaignStatusLabel(status: number): 'Pending' | 'Running' | 'Paused' | 'Rejected' | 'Archived' {
  if (isRunningStatus(status)) return 'Running';
  switch (status) {
    case CampaignStatus.Paused:
      return 'Paused';
    case CampaignStatus.Rejected:
      return 'Rejected';
    case CampaignStatus.Archived:
      return 'Archived';
    default:
      return 'Pending';
  }
}

export const DELIVERY_STATUS_LABELS: Record<number, string> = {
  [CampaignStatus.Delivering]: 'Delivering',
  [CampaignStatus.OutOfFunds]: 'Out of Funds',
  [CampaignStatus.LimitReached]: 'Limit Reached',
  [CampaignStatus.Delivered]: 'Delivered',
};

/** The separate delivery status: shown only for the delivering-type values, else null. */
export const deliveryStatusLabel = (status: number): string | null =>
  isRunningStatus(status) ? (DELIVERY_STATUS_LABELS[status] ?? null) : null;

/** statusLive of the API: the live status with its own text (delivery text when running). */
export const statusLive = (status: number): { status: number; text: string } => ({
  status,
  text: deliveryStatusLabel(status) ?? campaignStatusLabel(status),
});

/** Ad formats. */
export const AdFormat = {
  Popunder: 0,
  Banner: 1,
  FloatingBanner: 2,
  StickyBanner: 3,
  Native: 4,
  HeaderBanner: 5,
  NativeApp: 6,
} as const;
export type AdFormat = (typeof AdFormat)[keyof typeof AdFormat];
export const AD_FORMAT_LABELS: Record<AdFormat, string> = {
  0: 'Popunder',
  1: 'Banner',
  2: 'Floating Banner',
  3: 'Sticky Banner',
  4: 'Native',
  5: 'Header Banner',
  6: 'Native App',
};

/**
 * Campaign kinds (the API's creativeType / draft types). 'native' is Native Web,
 * 'application' is Native App; both use the Native wizard.
 */
export const CAMPAIGN_KINDS = ['display', 'native', 'application', 'popunder'] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];
export const CampaignKind = {
  Display: 'display',
  Native: 'native',
  Application: 'application',
  Popunder: 'popunder',
} as const satisfies Record<string, CampaignKind>;

/** Short labels ('Display', 'Native Web', ...); the list shows them followed by ' Campaign'. */
export const CAMPAIGN_KIND_SHORT_LABELS: Record<CampaignKind, string> = {
  display: 'Display',
  native: 'Native Web',
  application: 'Native App',
  popunder: 'Popunder',
};
export const CAMPAIGN_KIND_LABELS: Record<CampaignKind, string> = {
  display: 'Display Campaign',
  native: 'Native Web Campaign',
  application: 'Native App Campaign',
  popunder: 'Popunder Campaign',
};
/** The ad format a kind's creatives carry (display banners are Banner). */
export const KIND_AD_FORMAT: Record<CampaignKind, AdFormat> = {
  display: AdFormat.Banner,
  native: AdFormat.Native,
  application: AdFormat.NativeApp,
  popunder: AdFormat.Popunder,
};
export const isNativeKind = (kind: CampaignKind) => kind === 'native' || kind === 'application';

export const TrafficType = { Regular: 0, Premium: 1 } as const;
export type TrafficType = (typeof TrafficType)[keyof typeof TrafficType];
export const TRAFFIC_TYPE_LABELS: Record<TrafficType, string> = { 0: 'Regular', 1: 'Premium' };

export const PaymentMode = { CPM: 0, CPC: 1 } as const;
export type PaymentMode = (typeof PaymentMode)[keyof typeof PaymentMode];
export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = { 0: 'CPM', 1: 'CPC' };
/** CPC is offered for Native (web) campaigns only; every other kind pays per mille. */
export const allowsCpc = (kind: CampaignKind) => kind === 'native';

export const Device = { Desktop: 1, Mobile: 2, Both: 3 } as const;
export type Device = (typeof Device)[keyof typeof Device];
export const DEVICE_LABELS: Record<Device, string> = { 1: 'Desktop', 2: 'Mobile', 3: 'Desktop & Mobile' };

/** false: as fast as possible; true: spend evenly per hour (may overspend). */
export const THROTTLE_LABELS = {
  fast: 'As fast as possible',
  even: 'Spend evenly per hour (may overspend)',
} as const;

/** Capping time options in seconds (1, 3, 6, 12, 24 hours). 0 only while capping is 0. */
export const CAPPING_TIMES = [3600, 10800, 21600, 43200, 86400] as const;
export const CAPPING_TIME_LABELS: Record<(typeof CAPPING_TIMES)[number], string> = {
  3600: '1 hour',
  10800: '3 hours',
  21600: '6 hours',
  43200: '12 hours',
  86400: '24 hours',
};
export const DEFAULT_CAPPING_TIME = 86400;

/**
 * The capping coupling: capping 0 forces time 0 (and the time input is
 * disabled); capping above 0 while the time is 0 sets 86400.
 */
export function coupleCapping(capping: number, cappingTime: number): { capping: number; cappingTime: number } {
  if (capping <= 0) return { capping: 0, cappingTime: 0 };
  return { capping, cappingTime: cappingTime === 0 ? DEFAULT_CAPPING_TIME : cappingTime };
}
