import type { z } from 'zod';
import { isValidBic, isValidIban, normaliseIban } from '@cryptads/contract/billing';

/**
 * The account customers pay bank transfers into (docs/product/billing.md#bank-transfer;
 * docs/decisions/038-bank-statement-import.md). Each value falls back to the invoice
 * issuer's; outside production a demo account stands in, so that `npm start` shows a full
 * screen. Its IBAN is the well-known test IBAN of the German banking industry: valid by
 * checksum, belonging to no one.
 */

export type BankEnv = {
  NODE_ENV: string;
  PRODUCT_NAME: string;
  BANK_TRANSFERS: 'on' | 'off';
  BANK_BENEFICIARY_NAME?: string | undefined;
  BANK_BENEFICIARY_IBAN?: string | undefined;
  BANK_BENEFICIARY_BIC?: string | undefined;
  BANK_BENEFICIARY_BANK_NAME?: string | undefined;
  BANK_BENEFICIARY_BANK_ADDRESS?: string | undefined;
  INVOICE_ISSUER_NAME?: string | undefined;
  INVOICE_ISSUER_IBAN?: string | undefined;
  INVOICE_ISSUER_BIC?: string | undefined;
  INVOICE_ISSUER_BANK_NAME?: string | undefined;
};

export type BankBeneficiary = {
  holder: string;
  /** Electronic form: no spaces, capitals. */
  iban: string;
  bic: string;
  bankName: string | null;
  bankAddress: string | null;
  demo: boolean;
};

const DEMO = {
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  bankName: 'Demo Bank (not a real account)',
  bankAddress: '1 Example Street, 10115 Berlin, DE',
};

const given = (env: BankEnv) => ({
  holder: env.BANK_BENEFICIARY_NAME ?? env.INVOICE_ISSUER_NAME,
  iban: env.BANK_BENEFICIARY_IBAN ?? env.INVOICE_ISSUER_IBAN,
  bic: env.BANK_BENEFICIARY_BIC ?? env.INVOICE_ISSUER_BIC,
  bankName: env.BANK_BENEFICIARY_BANK_NAME ?? env.INVOICE_ISSUER_BANK_NAME,
  bankAddress: env.BANK_BENEFICIARY_BANK_ADDRESS,
});

/** The beneficiary to show, or null when bank transfers are off. Call after `checkBankBeneficiary` passed. */
export function bankBeneficiary(env: BankEnv): BankBeneficiary | null {
  if (env.BANK_TRANSFERS === 'off') return null;
  const g = given(env);
  if (!g.iban || !g.bic) {
    if (env.NODE_ENV === 'production') return null;
    return { holder: g.holder ?? `${env.PRODUCT_NAME} Ltd`, ...DEMO, demo: true };
  }
  return {
    holder: g.holder ?? `${env.PRODUCT_NAME} Ltd`,
    iban: normaliseIban(g.iban),
    bic: g.bic.trim().toUpperCase(),
    bankName: g.bankName ?? null,
    bankAddress: g.bankAddress ?? null,
    demo: false,
  };
}

/** Start-up check: a given IBAN or BIC must be valid; production needs the whole beneficiary. */
export function checkBankBeneficiary(env: BankEnv, ctx: z.RefinementCtx) {
  if (env.BANK_TRANSFERS === 'off') return;
  const g = given(env);
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (g.iban && !isValidIban(g.iban))
    issue(
      'BANK_BENEFICIARY_IBAN',
      `bank transfers are on but the beneficiary IBAN '${g.iban}' is not valid (country, length or check digits); correct BANK_BENEFICIARY_IBAN or set BANK_TRANSFERS=off`,
    );
  if (g.bic && !isValidBic(g.bic))
    issue(
      'BANK_BENEFICIARY_BIC',
      `bank transfers are on but the beneficiary BIC '${g.bic}' is not valid (8 or 11 letters and digits); correct BANK_BENEFICIARY_BIC or set BANK_TRANSFERS=off`,
    );
  if (env.NODE_ENV !== 'production') return;
  const missing = (
    [
      ['BANK_BENEFICIARY_NAME', g.holder],
      ['BANK_BENEFICIARY_IBAN', g.iban],
      ['BANK_BENEFICIARY_BIC', g.bic],
      ['BANK_BENEFICIARY_BANK_NAME', g.bankName],
      ['BANK_BENEFICIARY_BANK_ADDRESS', g.bankAddress],
    ] as const
  ).filter(([, value]) => !value?.trim());
  if (missing.length > 0)
    issue(
      missing[0]?.[0] ?? 'BANK_BENEFICIARY_IBAN',
      `production with bank transfers on needs the account customers pay into: set ${missing.map(([key]) => key).join(', ')} (or BANK_TRANSFERS=off)`,
    );
}
