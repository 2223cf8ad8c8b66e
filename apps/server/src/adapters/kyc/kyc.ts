import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { KycProvider } from './port';
import { createKycSandbox } from './sandbox';

/**
 * The configured identity provider: `sandbox` (embedded default, a page of ours) or
 * `manual` (no provider: operators review the uploaded documents with
 * `npm run operator -- kyc approve|reject|recheck`). Production refuses `sandbox` unless
 * ALLOW_SANDBOX=1 (config.ts). Sumsub or Veriff fit the port in ./port.ts.
 */
export function createKycProvider(config: Config): KycProvider | null {
  switch (config.kyc.provider) {
    case 'sandbox':
      // Without a configured secret the page and the check live in one process: a fresh one will do.
      return createKycSandbox({
        secret: config.kyc.sandboxSecret ?? randomBytes(32).toString('hex'),
        publicUrl: config.publicUrl,
      });
    case 'manual':
      return null;
  }
}
