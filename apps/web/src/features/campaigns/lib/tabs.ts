import { CAMPAIGN_TAB_SEGMENTS, type CampaignTab } from '@cryptads/contract/paths';

export type { CampaignTab };

const LABELS: Record<CampaignTab, string> = {
  setup: 'Campaign Setup',
  optimization: 'Optimization',
  performance: 'Performance',
  reports: 'Reports',
};

/** The four campaign tabs of docs/product/campaigns.md#screens, in the URL as /campaigns/all/{tab}/{id}/ (paths.campaign.tab). */
export const CAMPAIGN_TABS = CAMPAIGN_TAB_SEGMENTS.map((value) => ({ value, label: LABELS[value] }));

export const isCampaignTab = (value: string | undefined): value is CampaignTab =>
  CAMPAIGN_TAB_SEGMENTS.some((tab) => tab === value);
