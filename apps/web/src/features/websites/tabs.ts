/** The tabs of one website (spec 002 §2): /websites/all/{tab}/{id}/. */
export const WEBSITE_TABS = [
  { value: 'ad-codes', label: 'Ad Codes' },
  { value: 'preferences', label: 'Preferences' },
  { value: 'reports', label: 'Reports' },
] as const;
export type WebsiteTab = (typeof WEBSITE_TABS)[number]['value'];

export const isWebsiteTab = (value: string | undefined): value is WebsiteTab =>
  WEBSITE_TABS.some((t) => t.value === value);

export const websiteTabPath = (tab: WebsiteTab, id: number) => `/websites/all/${tab}/${id}/`;
