/** The four campaign tabs of spec 002 §2, in the URL as /campaigns/all/{tab}/{id}/. */
export const CAMPAIGN_TABS = [
  { value: 'setup', label: 'Campaign Setup' },
  { value: 'optimization', label: 'Optimization' },
  { value: 'performance', label: 'Performance' },
  { value: 'reports', label: 'Reports' },
] as const;
export type CampaignTab = (typeof CAMPAIGN_TABS)[number]['value'];

export const isCampaignTab = (value: string | undefined): value is CampaignTab =>
  CAMPAIGN_TABS.some((t) => t.value === value);

export const campaignTabPath = (tab: CampaignTab, id: number | string) => `/campaigns/all/${tab}/${id}/`;
