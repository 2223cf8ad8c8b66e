import type { CampaignDetail } from '@cryptads/contract/campaigns';

/**
 * A running display campaign as GET /api/campaigns/{id} answers it, for component tests; the
 * test's MSW handler parses it with the contract's CampaignDetailSchema.
 */
export const campaignDetail = (over: Partial<CampaignDetail> = {}): CampaignDetail => ({
  id: 9,
  name: 'Spring',
  kind: 'display',
  kindLabel: 'Display Campaign',
  status: 1,
  statusLabel: 'Delivering',
  statusLive: { status: 1, text: 'Delivering' },
  isLocked: false,
  date: '2026-11-20T10:00:00.000Z',
  price: 0.4,
  paymentMode: 0,
  permalink: '9,abc123',
  impressions: 0,
  clicks: 0,
  spent: 0,
  ctr: 0,
  trafficType: 0,
  landingUrl: 'https://example.com',
  runAfterApproval: false,
  dailyBudget: 50,
  throttleBudget: false,
  budgetFlag: false,
  budget: null,
  capping: 0,
  cappingTime: 0,
  device: 3,
  countries: [],
  isAllCountries: true,
  category: 1,
  excludeFlag: true,
  excludeList: [],
  sharingEnabled: false,
  updatedAt: '2026-11-20T10:00:00.000Z',
  creatives: [],
  ...over,
});
