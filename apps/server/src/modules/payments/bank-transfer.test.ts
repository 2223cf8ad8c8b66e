import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankTransferDetails, DepositOverview } from '@cryptads/contract/deposits';
import { eurosToMicros } from '@cryptads/contract/money';
import { commands } from '../../operator/registry';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { splitReceivedTransfer } from './deposits.service';
import { balanceOf, depositor, paymentRow } from './test-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({
    INVOICE_ISSUER_NAME: 'Cryptads Ltd',
    INVOICE_ISSUER_IBAN: 'IE29 AIBK 9311 5212 3456 78',
    INVOICE_ISSUER_BIC: 'aibkie2d',
    INVOICE_ISSUER_BANK_NAME: 'AIB',
  });
});
afterAll(async () => {
  await app.closeAll();
});

const details = async (headers: Record<string, string>) => {
  const res = await app.inject({ method: 'GET', url: '/api/billing/deposit/bank-transfer', headers });
  expect(res.statusCode).toBe(200);
  return body<BankTransferDetails>(res).response;
};

const confirm = (...args: string[]) => {
  const command = commands.deposit?.['confirm-bank'];
  if (!command) throw new Error('no deposit confirm-bank command');
  return command.run(app.ctx, args);
};

describe('bank transfers', () => {
  it('show our bank details and a reference of the account, the same on every visit', async () => {
    const { headers } = await depositor(app);
    const first = await details(headers);
    expect(first).toEqual<BankTransferDetails>({
      reference: expect.stringMatching(/^DEP[0-9A-HJKMNP-TV-Z]{8}$/),
      bank: {
        beneficiary: 'Cryptads Ltd',
        iban: 'IE29AIBK93115212345678',
        bic: 'AIBKIE2D',
        bankName: 'AIB',
        address: '1 Example Street, Dublin 2, D02 XY00, IE',
        bankAddress: null,
      },
      vatPercent: 23,
      deposit: null,
    });
    expect((await details(headers)).reference).toBe(first.reference);
    const other = await depositor(app);
    expect((await details(other.headers)).reference).not.toBe(first.reference);
  });

  it('are credited once per reference by the operator, net of VAT, and the account gets a new reference', async () => {
    const { headers, user, email } = await depositor(app);
    const { reference } = await details(headers);
    const said = await confirm(reference.toLowerCase().replace(/^dep/, 'dep-'), '123');
    expect(said).toMatch(
      new RegExp(`^Credited €100.00 \\+ €23.00 VAT to ${email} \\(payment pay_[\\w-]{20}\\); balance €100.00\\.`),
    );
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(100));

    const again = await confirm(reference, '123');
    expect(again).toMatch(new RegExp(`^Reference ${reference} was already confirmed on .*; nothing changed\\.`));
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(100));

    const next = (await details(headers)).reference;
    expect(next).not.toBe(reference);
    expect(again).toContain(`current reference is ${next}`);

    const res = await app.inject({ method: 'GET', url: '/api/billing/deposit', headers });
    const [row] = body<DepositOverview>(res).response.latestDeposits;
    expect(row).toMatchObject({ method: 'bank_transfer', amount: 100, vat: 23, total: 123, credited: 100, valid: 1 });
    expect(await paymentRow(app, row?.id ?? '')).toMatchObject({ provider: 'bank', bankReference: reference });
  });

  it('refuses an unknown reference, a transfer below the minimum and a malformed amount', async () => {
    const { headers, user } = await depositor(app);
    const { reference } = await details(headers);
    await expect(confirm('DEP00000000', '500')).rejects.toThrow('No account has the reference DEP00000000.');
    await expect(confirm(reference, '122.99')).rejects.toThrow('below the minimum deposit of 100 EUR');
    await expect(confirm(reference, '150.001')).rejects.toThrow('at most 2 decimals');
    await expect(confirm(reference)).rejects.toThrow('Give the reference and the euros received.');
    expect(await balanceOf(app, user.id)).toBe(0n);
    expect((await details(headers)).reference).toBe(reference);
  });

  it('credit the whole transfer of a customer who pays no VAT', async () => {
    const { headers, user } = await depositor(app, { country: 'US' });
    const { reference, vatPercent } = await details(headers);
    expect(vatPercent).toBe(0);
    await confirm(reference, '100');
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(100));
  });

  it('are for advertisers', async () => {
    const { headers } = await loginAs(app, 'publisher');
    expect((await app.inject({ method: 'GET', url: '/api/billing/deposit/bank-transfer', headers })).statusCode).toBe(
      403,
    );
  });
});

describe('a received transfer split into amount and VAT', () => {
  it.each([
    [123, 23, 100, 23],
    [100, 23, 81.3, 18.7],
    [1000, 20, 833.33, 166.67],
    [250, 0, 250, 0],
  ])('splits %d EUR at %d %% into %d + %d', (received, rate, amount, vat) => {
    expect(splitReceivedTransfer(eurosToMicros(received), rate)).toEqual({
      amountMicros: eurosToMicros(amount),
      vatMicros: eurosToMicros(vat),
    });
  });
});

describe('with bank transfers off', () => {
  // An app of its own (bank transfers are configuration), built once here rather than inside the
  // test: a second database and app take seconds, several times that on a busy machine.
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ BANK_TRANSFERS: 'off' });
  });
  afterAll(async () => {
    await plain.closeAll();
  });

  it('the screen still shows the reference and says there is no bank account', async () => {
    const { headers } = await depositor(plain);
    const res = await plain.inject({ method: 'GET', url: '/api/billing/deposit/bank-transfer', headers });
    expect(body<BankTransferDetails>(res).response).toMatchObject({
      bank: null,
      reference: expect.stringMatching(/^DEP/),
    });
  });
});
