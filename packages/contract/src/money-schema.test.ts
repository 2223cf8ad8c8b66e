import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { holdsMoney, MONEY_MARKER, money, moneyInput, publicMoneyInputs, publicSchema } from './money-schema';

const Answer = z.object({
  balance: money(),
  price: money(3).nullable(),
  rows: z.array(z.object({ spent: money(), clicks: z.number().int() })),
  byKey: z.record(z.string(), z.object({ amount: money().optional() })),
  either: z.union([z.object({ kind: z.literal('a'), cost: money() }), z.object({ kind: z.literal('b') })]),
  name: z.string().describe('a name'),
});
const served = {
  balance: 2_499_957_250n,
  price: 1_234_500n,
  rows: [{ spent: 200n, clicks: 3 }],
  byKey: { x: { amount: -743_486_000n }, y: {} },
  either: { kind: 'a' as const, cost: 25_000_000n },
  name: 'n',
};

describe('money() in an answer', () => {
  it('reads micro-euros and writes euros rounded for the dashboard', () => {
    expect(Answer.parse(served)).toEqual({
      balance: 2499.96,
      price: 1.235,
      rows: [{ spent: 0, clicks: 3 }],
      byKey: { x: { amount: -743.49 }, y: {} },
      either: { kind: 'a', cost: 25 },
      name: 'n',
    });
  });

  it('writes exact decimal strings under the public API, wherever the amount sits', () => {
    expect(publicSchema(Answer).parse(served)).toEqual({
      balance: '2499.95725',
      price: '1.2345',
      rows: [{ spent: '0.0002', clicks: 3 }],
      byKey: { x: { amount: '-743.486' }, y: {} },
      either: { kind: 'a', cost: '25.00' },
      name: 'n',
    });
  });

  it('refuses euros where micro-euros are due (a handler that forgot to hand over micros)', () => {
    expect(Answer.safeParse({ ...served, balance: 2499.96 }).success).toBe(false);
  });

  it('documents a number for the dashboard and a decimal string for the public API, both marked EUR', () => {
    const dashboard = z.toJSONSchema(Answer, { io: 'output', unrepresentable: 'any' }) as {
      properties: Record<string, object>;
    };
    expect(dashboard.properties.balance).toEqual({ type: 'number', [MONEY_MARKER]: 'EUR' });
    const v1 = z.toJSONSchema(publicSchema(Answer), { io: 'output', unrepresentable: 'any' }) as {
      properties: Record<string, object>;
    };
    expect(v1.properties.balance).toMatchObject({
      type: 'string',
      format: 'decimal',
      pattern: '^-?\\d+\\.\\d{2,6}$',
      [MONEY_MARKER]: 'EUR',
    });
    // What is not money keeps its own documentation.
    expect(v1.properties.name).toEqual({ type: 'string', description: 'a name' });
  });

  it('leaves a schema without money as it is', () => {
    const plain = z.object({ a: z.number(), b: z.array(z.string()) });
    expect(publicSchema(plain)).toBe(plain);
    expect(holdsMoney(plain)).toBe(false);
    expect(holdsMoney(Answer)).toBe(true);
  });
});

describe('moneyInput() under the public API', () => {
  const Body = z.union([
    z.object({ status: z.number() }),
    z.object({
      price: moneyInput(z.number().min(0.01)),
      budget: moneyInput(z.number()).nullish(),
      lines: z.array(z.object({ amount: moneyInput(z.number()) })),
    }),
  ]);
  const convert = publicMoneyInputs(Body);

  it('turns decimal strings into the euros the endpoint validates, leaving the rest as sent', () => {
    expect(convert?.({ price: '0.0002', budget: null, lines: [{ amount: '25' }], extra: 'x' })).toEqual({
      ok: true,
      value: { price: 0.0002, budget: null, lines: [{ amount: 25 }], extra: 'x' },
    });
    expect(convert?.({ status: 2 })).toEqual({ ok: true, value: { status: 2 } });
  });

  it.each([
    [{ price: 0.2 }, 'price must be an amount in euros written as a decimal string, such as "25.00".'],
    [{ price: '1e3' }, 'price must be an amount in euros written as a decimal string, such as "25.00".'],
    [{ price: '0.1234567' }, 'price has more than 6 decimals: amounts are exact to the micro-euro (0.000001).'],
    [
      { price: '1', lines: [{ amount: 5 }] },
      'lines.0.amount must be an amount in euros written as a decimal string, such as "25.00".',
    ],
    [{ price: '1000000000' }, 'price must be less than 1,000,000,000 euros.'],
  ])('refuses %j with a sentence naming the field', (body, message) => {
    expect(convert?.(body)).toEqual({ ok: false, message });
  });

  it('has nothing to convert in a body without amounts', () => {
    expect(publicMoneyInputs(z.object({ name: z.string() }))).toBeNull();
    expect(publicMoneyInputs(undefined)).toBeNull();
  });

  it('documents input amounts as decimal strings', () => {
    const json = JSON.stringify(z.toJSONSchema(publicSchema(Body), { io: 'input' }));
    expect(json).toContain('"format":"decimal"');
    expect(json).not.toMatch(/"price":\{"type":"number"/);
  });
});
