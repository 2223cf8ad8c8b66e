/**
 * Query keys of the websites area. `websiteKeys.all` is the product's WebsiteList cache tag
 * (docs/product/websites.md#api): every mutation of a website invalidates it, so the list, the website's
 * tabs and its verification state are fetched again.
 */
export const websiteKeys = {
  all: ['websites'] as const,
  list: () => [...websiteKeys.all, 'list'] as const,
  detail: (id: number) => [...websiteKeys.all, 'detail', id] as const,
  verification: (id: number) => [...websiteKeys.all, 'verification', id] as const,
  options: () => ['website-options'] as const,
  create: () => [...websiteKeys.all, 'create'] as const,
  verify: (id: number) => [...websiteKeys.all, 'verify', id] as const,
  update: (id: number) => [...websiteKeys.all, 'update', id] as const,
  report: (id: number, params: object) => [...websiteKeys.all, 'report', id, params] as const,
  adsTxt: (id: number) => [...websiteKeys.all, 'ads-txt', id] as const,
  checkAdsTxt: (id: number) => [...websiteKeys.all, 'ads-txt', 'check', id] as const,
};
