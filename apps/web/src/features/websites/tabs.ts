import { WEBSITE_TAB_SEGMENTS, type WebsiteTab } from '@cryptads/contract/paths';

export type { WebsiteTab };

const LABELS: Record<WebsiteTab, string> = {
  'ad-codes': 'Ad Codes',
  preferences: 'Preferences',
  reports: 'Reports',
};

/** The tabs of one website (docs/product/websites.md#screens): /websites/all/{tab}/{id}/ (paths.website.tab). */
export const WEBSITE_TABS = WEBSITE_TAB_SEGMENTS.map((value) => ({ value, label: LABELS[value] }));

export const isWebsiteTab = (value: string | undefined): value is WebsiteTab =>
  WEBSITE_TAB_SEGMENTS.some((tab) => tab === value);
