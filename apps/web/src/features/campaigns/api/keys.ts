import type { CampaignKind } from '@cryptads/contract/campaign-messages';

/**
 * Query keys of the campaign feature. `shortlist` plays the part of the product's
 * CampaignShortlist cache tag: every mutation that changes what the list shows
 * invalidates it (and the detail it touched).
 */
export const campaignKeys = {
  all: ['campaigns'] as const,
  options: () => [...campaignKeys.all, 'options'] as const,
  shortlist: () => [...campaignKeys.all, 'shortlist'] as const,
  list: () => [...campaignKeys.shortlist(), 'list'] as const,
  archived: () => [...campaignKeys.shortlist(), 'archived'] as const,
  details: () => [...campaignKeys.all, 'detail'] as const,
  detail: (id: number) => [...campaignKeys.details(), id] as const,
  sharing: (id: number) => [...campaignKeys.all, 'sharing', id] as const,
  preview: (idOrPermalink: string) => [...campaignKeys.all, 'preview', idOrPermalink] as const,
  draft: (kind: CampaignKind) => [...campaignKeys.all, 'draft', kind] as const,
  blacklist: () => [...campaignKeys.all, 'blacklist'] as const,
  /** Statistics of one campaign: Optimization, Performance and Reports tabs. */
  stats: (id: number) => [...campaignKeys.all, 'stats', id] as const,
  report: (id: number, params: object) => [...campaignKeys.stats(id), 'report', params] as const,
  optimization: (id: number, params: object) => [...campaignKeys.stats(id), 'optimization', params] as const,
  performance: (id: number, params: object) => [...campaignKeys.stats(id), 'performance', params] as const,
};
