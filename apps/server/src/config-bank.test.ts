import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const production = {
  NODE_ENV: 'production',
  ALLOW_SANDBOX: '1',
  PUBLIC_URL: 'https://ads.example',
  TOTP_ENCRYPTION_KEY: 'ab'.repeat(32),
  INVOICE_ISSUER_NAME: 'Cryptads Ltd',
  INVOICE_ISSUER_ADDRESS: '1 Harbour Road|Dublin 2',
  INVOICE_ISSUER_VAT: 'IE6388047V',
};
const beneficiary = {
  BANK_BENEFICIARY_IBAN: 'IE29 AIBK 9311 5212 3456 78',
  BANK_BENEFICIARY_BIC: 'aibkie2d',
  BANK_BENEFICIARY_BANK_NAME: 'AIB',
  BANK_BENEFICIARY_BANK_ADDRESS: '7 Baggot Street, Dublin 2',
};

describe('the bank transfer beneficiary', () => {
  it('is a demo account with a valid test IBAN outside production, so that npm start shows a full screen', () => {
    expect(loadConfig({}).bankBeneficiary).toEqual({
      holder: 'Cryptads Ltd',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      bankName: 'Demo Bank (not a real account)',
      bankAddress: '1 Example Street, 10115 Berlin, DE',
      demo: true,
    });
  });

  it('is read in electronic form, the holder falling back to the invoice issuer', () => {
    expect(loadConfig({ ...production, ...beneficiary }).bankBeneficiary).toEqual({
      holder: 'Cryptads Ltd',
      iban: 'IE29AIBK93115212345678',
      bic: 'AIBKIE2D',
      bankName: 'AIB',
      bankAddress: '7 Baggot Street, Dublin 2',
      demo: false,
    });
  });

  it('refuses to start in production when bank transfers are on and the beneficiary is missing', () => {
    expect(() => loadConfig(production)).toThrow(
      /production with bank transfers on needs the account customers pay into: set BANK_BENEFICIARY_IBAN, BANK_BENEFICIARY_BIC, BANK_BENEFICIARY_BANK_NAME, BANK_BENEFICIARY_BANK_ADDRESS \(or BANK_TRANSFERS=off\)/,
    );
    expect(loadConfig({ ...production, BANK_TRANSFERS: 'off' }).bankBeneficiary).toBeNull();
  });

  it('refuses an IBAN with wrong check digits and a malformed BIC, in any environment', () => {
    expect(() =>
      loadConfig({ BANK_BENEFICIARY_IBAN: 'IE28 AIBK 9311 5212 3456 78', BANK_BENEFICIARY_BIC: 'AIBKIE2D' }),
    ).toThrow(/the beneficiary IBAN 'IE28 AIBK 9311 5212 3456 78' is not valid/);
    expect(() => loadConfig({ ...production, ...beneficiary, BANK_BENEFICIARY_BIC: 'AIB-IE' })).toThrow(
      /the beneficiary BIC 'AIB-IE' is not valid/,
    );
  });
});
