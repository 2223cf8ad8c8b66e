import { checkDueAdsTxt } from '../modules/sellers/ads-txt.service';
import type { Job } from './runner';

/**
 * The daily ads.txt check (docs/product/websites.md#adstxt): every 15 minutes, up to 200
 * approved websites whose last check is more than a day old are fetched again, 8 at a time, so
 * each is checked about once a day and a run stays short (at most 25 rounds of one fetch
 * deadline). One server process runs it at a time (the runner's lock row).
 */
export const adsTxtCheckJob: Job = {
  name: 'ads-txt-check',
  everyMs: 15 * 60_000,
  async run(ctx) {
    await checkDueAdsTxt(ctx, { limit: 200, concurrency: 8 });
  },
};
