import { describe, expect, it } from 'vitest';
import { documentChecklist, withoutInvalidParameter } from './billing-profile';

const ids = (input: { isCompany: boolean; country: string }) => documentChecklist(input).map((d) => d.id);

describe('the documents to upload', () => {
  it('asks an individual for an identity document, wherever they live', () => {
    expect(ids({ isCompany: false, country: 'GB' })).toEqual(['identity']);
    expect(ids({ isCompany: false, country: 'VG' })).toEqual(['identity']);
  });

  it('asks a company for its incorporation and a director’s identity', () => {
    expect(ids({ isCompany: true, country: 'DE' })).toEqual(['incorporation', 'director-identity']);
  });

  it('adds a recent utility bill or bank statement in CH and GB', () => {
    expect(ids({ isCompany: true, country: 'ch' })).toEqual(['incorporation', 'director-identity', 'proof-of-address']);
    expect(documentChecklist({ isCompany: true, country: 'GB' }).at(-1)?.detail).toContain('not older than 30 days');
  });

  it('adds a certificate of incumbency not older than a year offshore', () => {
    const list = documentChecklist({ isCompany: true, country: 'KY' });
    expect(list.map((d) => d.id)).toEqual(['incorporation', 'director-identity', 'incumbency']);
    expect(list.at(-1)?.detail).toContain('Not older than 1 year');
  });
});

describe("the withdraw save's reason", () => {
  it("loses the 'Invalid Parameter! ' prefix and nothing else", () => {
    expect(withoutInvalidParameter('Invalid Parameter! The IBAN is wrong.')).toBe('The IBAN is wrong.');
    expect(withoutInvalidParameter('Your 2FA Code is invalid.')).toBe('Your 2FA Code is invalid.');
  });
});
