import { recheckDueVatChecks } from '../modules/billing-profile/billing-profile.service';
import type { Job } from './runner';

/**
 * Asks VIES again about saved VAT codes it could not check (down, busy, timing out), with a
 * growing wait per code; the answer keeps its consultation number as proof. One server
 * process runs it at a time (the runner's lock row).
 */
export const vatRecheckJob: Job = {
  name: 'vat-recheck',
  everyMs: 5 * 60_000,
  async run(ctx) {
    await recheckDueVatChecks(ctx);
  },
};
