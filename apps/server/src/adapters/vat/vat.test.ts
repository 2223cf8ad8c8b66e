import { BILLING_MESSAGES as M } from '@cryptads/contract/billing-messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeVies, startFakeVies } from './fakes/fake-vies';
import type { VatChecker } from './port';
import { createVatChecker } from './vat';
import { checkVatFormat } from './vat-format';

describe('VAT number format', () => {
  it.each([
    ['DE', 'DE136695976', 'DE', '136695976'],
    ['DE', '136 695 976', 'DE', '136695976'],
    ['GR', '094259216', 'EL', '094259216'],
    ['GR', 'EL094259216', 'EL', '094259216'],
    ['AT', 'atu12345675', 'AT', 'U12345675'],
    ['FR', 'FR 40-303-265-045', 'FR', '40303265045'],
  ])('accepts %s %s as %s %s', (country, code, prefix, number) => {
    expect(checkVatFormat(country, code)).toEqual({ valid: true, countryCode: prefix, vatNumber: number });
  });

  it.each([
    ['DE', 'DE136695977', 'a wrong check digit'],
    ['DE', 'DE12345', 'too short'],
    ['IT', 'DE136695976', "another country's number"],
    ['GB', 'GB980780684', 'a country outside the EU'],
    ['DE', '', 'nothing'],
  ])('refuses %s %s (%s)', (country, code) => {
    expect(checkVatFormat(country, code).valid).toBe(false);
  });
});

describe('embedded VAT check (format only)', () => {
  const checker = createVatChecker({ provider: 'format' });
  const now = new Date('2026-11-23T10:00:00Z');

  it('says a well-formed number is valid by format and not confirmed', async () => {
    expect(checker.provider).toBe('format');
    expect(await checker.check('DE', 'DE 136 695 976', now)).toEqual({
      status: 'valid',
      checkedBy: 'format',
      countryCode: 'DE',
      vatNumber: '136695976',
      name: null,
      address: null,
      consultationNumber: null,
      checkedAt: '2026-11-23T10:00:00.000Z',
      reason: null,
      message: M.vatFormatOnly,
    });
  });

  it("answers the spec's invalid message for a malformed number", async () => {
    const result = await checker.check('DE', 'DE136695977');
    expect([result.status, result.message]).toEqual([
      'invalid',
      'The VAT code provided is not valid, please check and try again.',
    ]);
  });
});

describe('VIES VAT check', () => {
  let vies: FakeVies;
  let checker: VatChecker;

  beforeAll(async () => {
    vies = await startFakeVies({
      DE136695976: { name: 'Łukasz Żółć GmbH', address: 'Hauptstraße 1\n10115 Berlin' },
      EL094259216: { name: '---', address: '---' },
    });
    checker = createVatChecker({
      provider: 'vies',
      vies: { apiUrl: vies.apiUrl, timeoutMs: 300, requester: { countryCode: 'IE', vatNumber: 'IE6388047V' } },
    });
  });
  afterAll(() => vies.close());
  beforeEach(() => {
    vies.mode = 'up';
  });

  it('confirms a registered number with the trader and the consultation number', async () => {
    const result = await checker.check('DE', 'de 136695976');
    expect(result).toMatchObject({
      status: 'valid',
      checkedBy: 'vies',
      countryCode: 'DE',
      vatNumber: '136695976',
      name: 'Łukasz Żółć GmbH',
      address: 'Hauptstraße 1\n10115 Berlin',
      reason: null,
      message: 'The VAT code provided is valid.',
    });
    expect(result.consultationNumber).toMatch(/^WAPI[0-9A-F]{12}$/);
    expect(JSON.parse(vies.requests.at(-1)?.body ?? '{}')).toEqual({
      countryCode: 'DE',
      vatNumber: '136695976',
      requesterMemberStateCode: 'IE',
      requesterNumber: '6388047V',
    });
  });

  it('asks VIES with EL for Greece and treats an undisclosed name as none', async () => {
    const result = await checker.check('GR', '094259216');
    expect([result.status, result.countryCode, result.name, result.address]).toEqual(['valid', 'EL', null, null]);
  });

  it('says invalid when VIES does not know a well-formed number', async () => {
    const result = await checker.check('DE', 'DE129273398');
    expect([result.status, result.checkedBy, result.message]).toEqual(['invalid', 'vies', M.vatInvalid]);
    expect(result.consultationNumber).not.toBeNull();
  });

  it('does not ask VIES about a malformed number', async () => {
    const before = vies.requests.length;
    const result = await checker.check('DE', 'DE136695977');
    expect([result.status, result.checkedBy]).toEqual(['invalid', 'format']);
    expect(vies.requests.length).toBe(before);
  });

  it.each([
    ['ms_unavailable', 'MS_UNAVAILABLE'],
    ['service_unavailable', 'SERVICE_UNAVAILABLE'],
    ['max_concurrent', 'MS_MAX_CONCURRENT_REQ'],
    ['hang', 'TIMEOUT'],
  ] as const)('answers not checked yet, never invalid, when VIES is %s', async (mode, reason) => {
    vies.mode = mode;
    const result = await checker.check('DE', 'DE136695976');
    expect(result).toMatchObject({
      status: 'not_checked',
      checkedBy: 'vies',
      reason,
      consultationNumber: null,
      message: M.vatNotChecked,
    });
  });

  it('answers not checked yet when VIES cannot be reached at all', async () => {
    const closed = await startFakeVies();
    await closed.close();
    const down = createVatChecker({ provider: 'vies', vies: { apiUrl: closed.apiUrl, timeoutMs: 300 } });
    expect(await down.check('DE', 'DE136695976')).toMatchObject({ status: 'not_checked', reason: 'UNREACHABLE' });
  });

  it('sends no requester when none is configured', async () => {
    const anonymous = createVatChecker({ provider: 'vies', vies: { apiUrl: vies.apiUrl } });
    const result = await anonymous.check('DE', 'DE136695976');
    expect([result.status, result.consultationNumber]).toEqual(['valid', null]);
    expect(JSON.parse(vies.requests.at(-1)?.body ?? '{}')).toEqual({ countryCode: 'DE', vatNumber: '136695976' });
  });
});
