import { createKycProvider } from '../../adapters/kyc/kyc';
import type { KycProvider } from '../../adapters/kyc/port';
import type { Storage } from '../../adapters/storage/port';
import { createDocumentStorage } from '../../adapters/storage/storage';
import type { VatChecker } from '../../adapters/vat/port';
import { createVatChecker } from '../../adapters/vat/vat';
import type { Config } from '../../config';
import type { AppContext } from '../../context';

export type BillingAdapters = { documents: Storage; vat: VatChecker; kyc: KycProvider | null };

/** The adapters this module uses, from the configuration (buildApp puts them on the context). */
export function createBillingAdapters(config: Config): BillingAdapters {
  const issuer = config.invoiceIssuer;
  return {
    documents: createDocumentStorage(config),
    vat:
      config.vatCheck.provider === 'vies'
        ? createVatChecker({
            provider: 'vies',
            vies: {
              ...(config.vatCheck.viesApiUrl ? { apiUrl: config.vatCheck.viesApiUrl } : {}),
              timeoutMs: config.vatCheck.viesTimeoutMs,
              // Our own VAT number as requester: VIES then answers a consultation number, the proof of the check.
              requester: issuer.vatNumber ? { countryCode: issuer.country, vatNumber: issuer.vatNumber } : null,
            },
          })
        : createVatChecker({ provider: 'format' }),
    kyc: createKycProvider(config),
  };
}

const fromConfig = new WeakMap<Config, BillingAdapters>();

/** The context's adapters; a command-line context (no buildApp) gets them from its configuration once. */
export function billingAdapters(ctx: Pick<AppContext, 'config' | 'documents' | 'vat' | 'kyc'>): BillingAdapters {
  if (ctx.documents && ctx.vat && ctx.kyc !== undefined)
    return { documents: ctx.documents, vat: ctx.vat, kyc: ctx.kyc };
  let adapters = fromConfig.get(ctx.config);
  if (!adapters) {
    adapters = createBillingAdapters(ctx.config);
    fromConfig.set(ctx.config, adapters);
  }
  return adapters;
}
