import type { AppContext } from '../context';
import { pruneTraffic } from '../modules/forecasts/forecasts.service';
import type { Job } from './runner';

/** The forecast's request rollup beyond what forecasts and backtests read goes (docs/decisions/045). */
export const trafficRetentionJob: Job = {
  name: 'traffic-retention',
  everyMs: 60 * 60_000,
  async run(ctx: AppContext) {
    await pruneTraffic(ctx.db);
  },
};
