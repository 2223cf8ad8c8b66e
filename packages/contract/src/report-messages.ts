/** Report constants and texts, free of zod so the web bundle can import them cheaply. */
import { LOCALE } from './money';

export const ReportBy = {
  Date: 'date',
  Country: 'country',
  Device: 'device',
  Os: 'os',
  Browser: 'browser',
  Campaign: 'campaign',
  Zone: 'zone',
} as const;
export type ReportBy = (typeof ReportBy)[keyof typeof ReportBy];

/** Dimensions of the /reports/ page per role (docs/product/reports.md#reports-page); campaign and website tabs use the common ones. */
export const REPORT_BY_LABELS: Record<ReportBy, string> = {
  date: 'Date',
  country: 'Countries',
  device: 'Devices',
  os: 'Operating Systems',
  browser: 'Browsers',
  campaign: 'Campaign',
  zone: 'Zones',
};
export const COMMON_REPORT_BY: readonly ReportBy[] = ['date', 'country', 'device', 'os', 'browser'];
export const ADVERTISER_REPORT_BY: readonly ReportBy[] = [...COMMON_REPORT_BY, 'campaign', 'zone'];

export const ReportGroup = { Report: 'report', Zone: 'zone', Performance: 'performance' } as const;
export type ReportGroup = (typeof ReportGroup)[keyof typeof ReportGroup];

/** Most days one report may span; the period rule itself lives in dates.ts. */
export { REPORT_MAX_DAYS } from './dates';
/** Most raw events the Performance tab returns. */
export const PERFORMANCE_ROWS_MAX = 1000;

export const REPORT_MESSAGES = {
  invalidDate: 'Please choose a valid date.',
  startAfterEnd: 'The start date must not be after the end date.',
  endInFuture: 'The end date must not be after today.',
  tooLong: 'A report can span at most one year.',
  tooOld: 'Data is available for only 1 year.',
  invalidCampaigns: 'Please choose valid campaigns.',
  invalidWebsite: 'Please choose a valid website.',
  invalidZone: 'Please choose a valid zone.',
  campaignNotFound: 'Campaign not found.',
  websiteNotFound: 'Website not found.',
  zoneNotFound: 'Zone not found.',
  /** A dimension the caller's role does not have (publishers: Campaign, Zones). */
  invalidReportBy: 'Please choose a valid report type.',
  /** Optimisation and Performance are reports of exactly one campaign. */
  oneCampaign: 'Please choose one campaign.',
  filteredImpressions: 'Filtered impressions',
  filteredClicks: 'Filtered clicks',
  filteredTitle: 'Filtered traffic',
  filteredReason: 'Reason',
  filteredNote:
    'Filtered traffic is invalid (bots, data centres, too many or too fast requests...) or could not be billed. It is counted here and never billed.',
  filteredNone: 'No traffic was filtered in this period.',
  measuredImpressions: 'Measured impressions',
  viewableImpressions: 'Viewable impressions',
  viewabilityRate: 'Viewability',
  csvNote: 'Data is available for only 1 year. The export strips commas, percent signs and euro signs.',
  utcNote: 'Days are UTC.',
  /** The ROAS column's header, in the table and the CSV (whose figures carry no unit). */
  roasHeader: 'ROAS (×)',
} as const;

const roasFormat = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/**
 * Return on ad spend (conversion value / cost, as the API gives it) as a multiple: 2.06 reads
 * '2.06×' (a value of 206 % of the cost), 205.61 reads '205.61×' (docs/product/conversions.md#reports).
 */
export const formatRoas = (roas: number) => `${roasFormat.format(roas)}×`;
