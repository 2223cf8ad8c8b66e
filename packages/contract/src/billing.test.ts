import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BILLING_MESSAGES as M,
  BillingDetailsInputSchema,
  BillingHistoryRowSchema,
  CardDepositInputSchema,
  CryptoDepositInputSchema,
  DocumentStatus,
  depositAmountError,
  identificationReadOnly,
  isValidCryptoAddress,
  isValidEthereumAddress,
  orderStatusLabel,
  paymentStatusLabel,
  VatValidateInputSchema,
  vatTreatment,
  verificationState,
  viesCountryCode,
  WithdrawOptionsInputSchema,
  withdrawTabAvailable,
} from './billing';
import { eurosToMicros } from './money';

const messages = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((i) => i.message);
const issueAt = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('deposit amount rules', () => {
  it.each([
    ['crypto', 99.99, M.depositMin],
    ['card', 99.99, M.depositMin],
    ['bank_transfer', 50, M.depositMin],
    ['crypto', 100, null],
    ['crypto', 200_000, null],
    ['crypto', 200_000.01, M.depositMax],
    ['card', 5000, null],
    ['card', 5000.01, M.depositCardMax],
    ['crypto', 100.001, M.depositAmountInvalid],
    ['card', -100, M.depositAmountInvalid],
  ] as const)('%s %d EUR: %s', (method, amount, expected) => {
    expect(depositAmountError(method, amount)).toBe(expected);
  });

  it('counts what was already deposited by card today against the 5,000 EUR a day', () => {
    expect(depositAmountError('card', 100, eurosToMicros(4900))).toBeNull();
    expect(depositAmountError('card', 100, eurosToMicros(4900.01))).toBe(M.depositCardMax);
    expect(M.depositCardMax).toBe('The maximum amount you can deposit by card is 5000 EUR per day.');
  });

  it('gives the exact messages through the deposit schemas', () => {
    expect(messages(CryptoDepositInputSchema, { amount: 50 })).toEqual([
      'The minimum amount you can deposit is 100 EUR.',
    ]);
    expect(messages(CryptoDepositInputSchema, { amount: 250_000 })).toEqual([
      'The maximum amount you can deposit is 200000 EUR.',
    ]);
    expect(messages(CardDepositInputSchema, { amount: 6000 })).toEqual([M.depositCardMax]);
    expect(messages(CardDepositInputSchema, { amount: '150' })).toEqual([M.depositAmountInvalid]);
    expect(CardDepositInputSchema.parse({ amount: 150.5 })).toEqual({ amount: 150.5 });
  });
});

describe('identification details', () => {
  const company = {
    isCompany: true,
    country: 'de',
    address: '  Hauptstraße 1, 10115 Berlin ',
    name: 'Łukasz Żółć GmbH',
    taxNumber: 'HRB 12345',
    vatCode: 'de 136.695-976',
  };

  it('accepts a company, trimmed, with its VAT code normalised', () => {
    expect(BillingDetailsInputSchema.parse(company)).toEqual({
      ...company,
      country: 'DE',
      address: 'Hauptstraße 1, 10115 Berlin',
      vatCode: 'DE136695976',
    });
  });

  it('accepts an individual with first and last name', () => {
    const person = {
      isCompany: false,
      country: 'FR',
      address: '1 rue de Rivoli',
      firstName: 'Zoë',
      lastName: 'Brontë',
    };
    expect(BillingDetailsInputSchema.parse(person)).toEqual(person);
  });

  it("asks to fill in every missing field with the spec's message", () => {
    expect(issueAt(BillingDetailsInputSchema, { ...company, name: '  ', taxNumber: undefined })).toEqual([
      ['name', 'Please fill in this field.'],
      ['taxNumber', 'Please fill in this field.'],
    ]);
    expect(issueAt(BillingDetailsInputSchema, { isCompany: false, country: '', address: 'x', firstName: 'A' })).toEqual(
      [
        ['country', 'Please fill in this field.'],
        ['lastName', 'Please fill in this field.'],
      ],
    );
  });

  it('limits fields to 255 characters and the VAT code to 64', () => {
    expect(issueAt(BillingDetailsInputSchema, { ...company, address: 'a'.repeat(256) })).toEqual([
      ['address', 'Please use at most 255 characters.'],
    ]);
    expect(BillingDetailsInputSchema.safeParse({ ...company, address: 'a'.repeat(255) }).success).toBe(true);
    expect(issueAt(BillingDetailsInputSchema, { ...company, vatCode: '1'.repeat(65) })).toEqual([
      ['vatCode', 'Please use at most 64 characters.'],
    ]);
  });

  it('takes a VAT code only from a company in an EU member state', () => {
    expect(issueAt(BillingDetailsInputSchema, { ...company, country: 'US', vatCode: 'US123' })).toEqual([
      ['vatCode', M.vatNotForCountry],
    ]);
    expect(BillingDetailsInputSchema.safeParse({ ...company, country: 'US', vatCode: '' }).success).toBe(true);
    expect(messages(VatValidateInputSchema, { code: 'GB123456789', countryCode: 'GB' })).toEqual([M.vatNotForCountry]);
    expect(VatValidateInputSchema.parse({ code: '094259216', countryCode: 'gr' })).toEqual({
      code: '094259216',
      countryCode: 'GR',
    });
    expect(viesCountryCode('GR')).toBe('EL');
  });
});

describe('verification state', () => {
  it.each([
    [{ kycVerified: 1, docVerification: DocumentStatus.NoDocument, isCompany: false }, 'verified', true],
    [{ kycVerified: 0, docVerification: DocumentStatus.Valid, isCompany: true }, 'verified', true],
    [{ kycVerified: 0, docVerification: DocumentStatus.Pending, isCompany: true }, 'pending', true],
    [{ kycVerified: 0, docVerification: DocumentStatus.Rejected, isCompany: false }, 'rejected', true],
    [{ kycVerified: 0, docVerification: DocumentStatus.CompanyRejected, isCompany: true }, 'companyRejected', true],
    [{ kycVerified: 0, docVerification: DocumentStatus.Recheck, isCompany: false }, 'recheck', false],
    [{ kycVerified: 0, docVerification: DocumentStatus.Recheck, isCompany: true }, 'unverified', false],
    [{ kycVerified: 0, docVerification: DocumentStatus.NoDocument, isCompany: false }, 'unverified', false],
  ] as const)('%o is %s (read-only: %s)', (input, state, readOnly) => {
    expect(verificationState(input)).toBe(state);
    expect(identificationReadOnly(input)).toBe(readOnly);
  });

  it('opens the Withdraw tab only when KYC is verified and (the document is valid or it is no company)', () => {
    expect(withdrawTabAvailable({ kycVerified: 1, docVerification: DocumentStatus.NoDocument, isCompany: false })).toBe(
      true,
    );
    expect(withdrawTabAvailable({ kycVerified: 1, docVerification: DocumentStatus.Pending, isCompany: true })).toBe(
      false,
    );
    expect(withdrawTabAvailable({ kycVerified: 1, docVerification: DocumentStatus.Valid, isCompany: true })).toBe(true);
    expect(withdrawTabAvailable({ kycVerified: 0, docVerification: DocumentStatus.Valid, isCompany: false })).toBe(
      false,
    );
  });
});

describe('status labels', () => {
  it.each([
    [0, 'Pending', 'Waiting Payment'],
    [1, 'Completed', 'Completed'],
    [2, 'Processing', 'Processing'],
    [3, 'Canceled', 'Canceled'],
    [4, 'Failed', 'Archived'],
    [6, 'Archived', 'Archived'],
    [5, 'Contact Us', 'Archived'],
    [42, 'Contact Us', 'Archived'],
  ])('code %i: payment %s, order %s', (code, payment, order) => {
    expect(paymentStatusLabel(code)).toBe(payment);
    expect(orderStatusLabel(code)).toBe(order);
  });
});

describe('VAT treatment', () => {
  it('reverse-charges a business with a valid VAT number in another member state', () => {
    expect(vatTreatment({ supplierCountry: 'IE', customerCountry: 'DE', isCompany: true, vatValid: true })).toBe(
      'reverse_charge',
    );
    expect(vatTreatment({ supplierCountry: 'IE', customerCountry: 'IE', isCompany: true, vatValid: true })).toBe(
      'standard',
    );
    expect(vatTreatment({ supplierCountry: 'IE', customerCountry: 'DE', isCompany: true, vatValid: false })).toBe(
      'standard',
    );
    expect(vatTreatment({ supplierCountry: 'IE', customerCountry: 'DE', isCompany: false, vatValid: false })).toBe(
      'standard',
    );
    expect(vatTreatment({ supplierCountry: 'IE', customerCountry: 'US', isCompany: false, vatValid: false })).toBe(
      'outside_scope',
    );
  });
});

describe('withdraw options', () => {
  const sepa = {
    method: 'sepa',
    frequency: 0,
    autoInvoicing: true,
    selfBillingAgreement: true,
    sepa_iban: 'de89 3704 0044 0532 0130 00',
    sepa_bankIdentifier: 'cobadeffxxx',
    sepa_bankName: 'Commerzbank',
    sepa_bankAddress: 'Kaiserplatz, Frankfurt',
  };

  it('accepts SEPA options with the IBAN and BIC normalised', () => {
    expect(WithdrawOptionsInputSchema.parse(sepa)).toEqual({
      method: 'sepa',
      frequency: 0,
      autoInvoicing: true,
      selfBillingAgreement: true,
      twoFactorCode: undefined,
      sepa_iban: 'DE89370400440532013000',
      sepa_bankIdentifier: 'COBADEFFXXX',
      sepa_bankName: 'Commerzbank',
      sepa_bankAddress: 'Kaiserplatz, Frankfurt',
    });
  });

  it("says an IBAN that is not one doesn't look like an IBAN", () => {
    expect(issueAt(WithdrawOptionsInputSchema, { ...sepa, sepa_iban: 'DE89 3704 0044 0532 0130 01' })).toEqual([
      ['sepa_iban', "This doesn't look like an IBAN account. Please try again."],
    ]);
  });

  it('checks the SWIFT/BIC: letters and digits only, then a real BIC', () => {
    expect(issueAt(WithdrawOptionsInputSchema, { ...sepa, sepa_bankIdentifier: 'COBA-DEFF' })).toEqual([
      ['sepa_bankIdentifier', M.bicAlphanumeric],
    ]);
    expect(issueAt(WithdrawOptionsInputSchema, { ...sepa, sepa_bankIdentifier: 'COBA12' })).toEqual([
      ['sepa_bankIdentifier', M.bicInvalid],
    ]);
  });

  it('requires bank name and address (at most 255) and the self-billing agreement', () => {
    expect(
      issueAt(WithdrawOptionsInputSchema, { ...sepa, sepa_bankName: '', sepa_bankAddress: 'x'.repeat(256) }),
    ).toEqual([
      ['sepa_bankName', 'Please fill in this field.'],
      ['sepa_bankAddress', 'Please use at most 255 characters.'],
    ]);
    expect(issueAt(WithdrawOptionsInputSchema, { ...sepa, selfBillingAgreement: false })).toEqual([
      ['selfBillingAgreement', M.selfBillingRequired],
    ]);
  });

  it('refuses SWIFT while it is paused, Irish IBANs, and IBANs outside SEPA', () => {
    expect(issueAt(WithdrawOptionsInputSchema, { ...sepa, method: 'swift' })).toEqual([['method', M.swiftPaused]]);
    expect(issueAt(WithdrawOptionsInputSchema, { ...sepa, sepa_iban: 'IE29 AIBK 9311 5212 3456 78' })).toEqual([
      ['sepa_iban', M.irishAccount],
    ]);
    expect(issueAt(WithdrawOptionsInputSchema, { ...sepa, sepa_iban: 'BR97 0036 0305 0000 1000 9795 493P 1' })).toEqual(
      [['sepa_iban', M.ibanNotSepa]],
    );
  });

  it('takes Monthly 0 or Weekly 1 only, and an optional 6-digit 2FA code', () => {
    expect(issueAt(WithdrawOptionsInputSchema, { ...sepa, frequency: 2 })).toEqual([['frequency', M.frequencyInvalid]]);
    expect(WithdrawOptionsInputSchema.parse({ ...sepa, frequency: 1, twoFactorCode: '123456' })).toMatchObject({
      frequency: 1,
      twoFactorCode: '123456',
    });
    expect(issueAt(WithdrawOptionsInputSchema, { ...sepa, twoFactorCode: '12345' })).toEqual([
      ['twoFactorCode', M.twoFactorCodeInvalid],
    ]);
  });

  const crypto = { method: 'cryptocurrency', frequency: 1, selfBillingAgreement: true };

  it('accepts Bitcoin, Ethereum and USDC (ERC-20) addresses of mainnet', () => {
    const btc = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    expect(WithdrawOptionsInputSchema.parse({ ...crypto, cryptoType: 'btc', cryptoAddress: ` ${btc} ` })).toEqual({
      method: 'cryptocurrency',
      frequency: 1,
      autoInvoicing: false,
      selfBillingAgreement: true,
      twoFactorCode: undefined,
      cryptoType: 'btc',
      cryptoAddress: btc,
    });
    const eth = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(WithdrawOptionsInputSchema.parse({ ...crypto, cryptoType: 'usdc', cryptoAddress: eth })).toMatchObject({
      cryptoType: 'usdc',
      cryptoAddress: eth,
    });
  });

  it('refuses addresses of the wrong coin, network or checksum', () => {
    expect(
      issueAt(WithdrawOptionsInputSchema, {
        ...crypto,
        cryptoType: 'btc',
        cryptoAddress: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3',
      }),
    ).toEqual([['cryptoAddress', "This doesn't look like a valid Bitcoin address. Please try again."]]);
    expect(
      issueAt(WithdrawOptionsInputSchema, {
        ...crypto,
        cryptoType: 'eth',
        cryptoAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      }),
    ).toEqual([['cryptoAddress', "This doesn't look like a valid Ethereum address. Please try again."]]);
    expect(issueAt(WithdrawOptionsInputSchema, { ...crypto, cryptoType: 'doge', cryptoAddress: 'x' })).toEqual([
      ['cryptoType', M.coinInvalid],
    ]);
    expect(issueAt(WithdrawOptionsInputSchema, { ...crypto, cryptoType: 'eth', cryptoAddress: '' })).toEqual([
      ['cryptoAddress', 'Please fill in this field.'],
    ]);
  });

  it('checks the EIP-55 checksum of mixed-case Ethereum addresses', () => {
    expect(isValidEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isValidEthereumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isValidEthereumAddress('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe(true);
    expect(isValidEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isValidEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA')).toBe(false);
    expect(isValidCryptoAddress('btc', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(false);
    expect(isValidCryptoAddress('btc', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297')).toBe(true);
  });
});

describe('billing history rows', () => {
  it('parses the row shape', () => {
    const row = {
      unique: 'inv_8f2c',
      date: '2026-11-02T10:00:00.000Z',
      printDate: '02/11/2026',
      type: 'Deposit',
      method: 'Card Payment',
      amount: 150,
      valid: 1,
      hasDocument: true,
    };
    // The server hands the amount over in micro-euros; the dashboard reads euros.
    const served = { ...row, amount: 150_000_000n };
    expect(BillingHistoryRowSchema.parse(served)).toEqual(row);
    expect(BillingHistoryRowSchema.safeParse({ ...served, valid: 1.5 }).success).toBe(false);
  });
});
