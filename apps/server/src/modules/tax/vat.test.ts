import { describe, expect, it } from 'vitest';
import { decideVat, locationEvidence, standardVatPercent, VAT_RATES_SOURCE } from './tax.service';

describe('the VAT rate table (sales-tax package data)', () => {
  it('names its source and version', () => {
    expect(VAT_RATES_SOURCE).toBe('sales-tax 2.23.0, res/sales_tax_rates.json');
  });

  it('gives the standard rates of member states and none outside the EU', () => {
    const on = new Date('2026-11-01T00:00:00Z');
    expect(standardVatPercent('DE', on)).toBe(19);
    expect(standardVatPercent('FR', on)).toBe(20);
    expect(standardVatPercent('IE', on)).toBe(23);
    expect(standardVatPercent('NL', on)).toBe(21);
    expect(standardVatPercent('HU', on)).toBe(27);
    expect(standardVatPercent('FI', on)).toBe(25.5);
    expect(standardVatPercent('GR', on)).toBe(24);
    expect(standardVatPercent('EL', on)).toBe(24);
    expect(standardVatPercent('US', on)).toBeNull();
    expect(standardVatPercent('XI', on)).toBeNull();
  });

  it('looks rates up by date', () => {
    // Germany's temporary 16 % (July to December 2020), Finland's 24 % before September 2024.
    expect(standardVatPercent('DE', new Date('2020-09-01T00:00:00Z'))).toBe(16);
    expect(standardVatPercent('DE', new Date('2021-02-01T00:00:00Z'))).toBe(19);
    expect(standardVatPercent('FI', new Date('2024-06-01T00:00:00Z'))).toBe(24);
  });
});

describe('decideVat', () => {
  const on = new Date('2026-11-01T00:00:00Z');
  const person = (country: string) => ({ country, isCompany: false, vatValid: false });

  it('charges a consumer in another member state the VAT of their country through the OSS', () => {
    expect(decideVat('IE', person('DE'), on)).toEqual({
      rule: 'oss',
      country: 'DE',
      ratePercent: 19,
      wording: 'VAT 19 % (Germany)',
    });
    expect(decideVat('IE', person('FI'), on)).toMatchObject({ rule: 'oss', ratePercent: 25.5 });
    expect(decideVat('IE', person('EL'), on)).toMatchObject({
      rule: 'oss',
      country: 'GR',
      wording: 'VAT 24 % (Greece)',
    });
  });

  it("charges a customer in the issuer's country the issuer's rate", () => {
    expect(decideVat('IE', { country: 'IE', isCompany: true, vatValid: true }, on)).toMatchObject({
      rule: 'domestic',
      ratePercent: 23,
    });
  });

  it('reverse charges a company with a confirmed VAT number elsewhere in the EU, and only then', () => {
    expect(decideVat('IE', { country: 'DE', isCompany: true, vatValid: true }, on)).toEqual({
      rule: 'reverse_charge',
      country: 'DE',
      ratePercent: 0,
      wording: 'Reverse charge',
    });
    expect(decideVat('IE', { country: 'DE', isCompany: true, vatValid: false }, on)).toMatchObject({
      rule: 'oss',
      ratePercent: 19,
    });
  });

  it('leaves customers outside the EU, Northern Ireland included for services, outside the scope', () => {
    for (const country of ['US', 'GB', 'XI', 'CH'])
      expect(decideVat('IE', { country, isCompany: true, vatValid: true }, on)).toMatchObject({
        rule: 'outside_scope',
        ratePercent: 0,
        wording: 'Outside the scope of EU VAT',
      });
  });
});

describe('locationEvidence', () => {
  it('says whether the IP and card countries agree with the billing country', () => {
    expect(locationEvidence({ billingCountry: 'DE', ipCountry: 'DE' }).agrees).toBe(true);
    expect(locationEvidence({ billingCountry: 'DE', ipCountry: 'FR' }).agrees).toBe(false);
    expect(locationEvidence({ billingCountry: 'DE', ipCountry: 'XX' })).toEqual({
      billingCountry: 'DE',
      ipCountry: null,
      cardCountry: null,
      agrees: null,
    });
  });
});
