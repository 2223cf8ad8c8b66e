import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCamt053 } from './camt053';
import { parseStatementCsv } from './statement-csv';
import { decimalToMicros, depositReferenceIn, StatementError } from './statement-line';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')
    .replaceAll('{{RUN}}', 'R1')
    .replace(/\{\{REF_([A-E])\}\}/g, (_, letter: string) => `DEP0000000${letter}`);

describe('camt.053 statements', () => {
  it('read the entries of version .02: amount, currency, direction, booking day, bank id and remittance', () => {
    const { lines, notBooked } = parseCamt053(fixture('camt053.001.02.xml'));
    expect(notBooked).toBe(0);
    expect(lines.map((l) => [l.bankEntryId, l.direction, l.amountMicros, l.currency, l.bookedOn])).toEqual([
      ['R1-0001', 'credit', 123_000_000n, 'EUR', '2026-11-26'],
      ['R1-0001', 'credit', 123_000_000n, 'EUR', '2026-11-26'],
      ['R1-0002', 'credit', 150_000_000n, 'EUR', '2026-11-26'],
      ['R1-0003', 'credit', 123_000_000n, 'EUR', '2026-11-26'],
      ['R1-0004', 'credit', 123_000_000n, 'USD', '2026-11-26'],
      ['R1-0005', 'debit', 4_500_000n, 'EUR', '2026-11-26'],
    ]);
    expect(lines[0]?.remittance).toBe('Deposit DEP0000000A thank you');
    expect(depositReferenceIn(lines[0]?.remittance ?? null)).toBe('DEP0000000A');
  });

  it('read version .08: a structured reference, a batch split per transaction, an unbooked entry left out', () => {
    const { lines, notBooked } = parseCamt053(fixture('camt053.001.08.xml'));
    expect(notBooked).toBe(1);
    expect(lines.map((l) => [l.bankEntryId, l.amountMicros, l.remittance])).toEqual([
      ['R1-1001', 123_000_000n, 'DEP0000000D'],
      ['R1-1002-A', 123_000_000n, 'DEP0000000E'],
      ['R1-1002-B', 10_000_000n, 'tip'],
    ]);
  });

  it('refuse broken XML, another document, entities, and an entry without a bank id, each with a sentence', () => {
    expect(() => parseCamt053('<Document><BkToCstmrStmt>')).toThrow(/not well-formed XML \(line 1/);
    expect(() => parseCamt053('<Document><Other/></Document>')).toThrow(/not a camt.053 statement/);
    expect(() => parseCamt053('<!DOCTYPE x [<!ENTITY a "b">]><Document/>')).toThrow(StatementError);
    const noId = fixture('camt053.001.02.xml').replace('<AcctSvcrRef>R1-0003</AcctSvcrRef>', '');
    expect(() => parseCamt053(noId)).toThrow(/Entry 4 has no bank reference \(AcctSvcrRef or NtryRef\)/);
  });
});

describe('CSV statements', () => {
  it('read the documented columns, negative amounts as debits, quoted fields', () => {
    expect(parseStatementCsv(fixture('statement.csv'))).toEqual([
      {
        bankEntryId: 'R1-C1',
        bookedOn: '2026-11-27',
        direction: 'credit',
        amountMicros: 123_000_000n,
        currency: 'EUR',
        remittance: 'Deposit DEP0000000A, thanks',
      },
      expect.objectContaining({ bankEntryId: 'R1-C2', direction: 'debit', amountMicros: 12_000_000n }),
      expect.objectContaining({ bankEntryId: 'R1-C3', amountMicros: 99_990_000n, remittance: 'DEP0000000B' }),
    ]);
  });

  it('read a quoted field across a line break, with a quoted comma and doubled quotes, as one row', () => {
    const csv = [
      'date;amount;currency;reference;bank_id',
      '2026-11-27;123.00;EUR;"Deposit DEP0000000A,\nfrom ""Ada""; thanks";R1-Q1',
      '',
      '2026-11-27;50.00;EUR;plain;R1-Q2',
      '2026-11-27;x;EUR;plain;R1-Q3',
    ].join('\r\n');
    expect(() => parseStatementCsv(csv)).toThrow(
      'Row 4: the amount must be a number with a decimal point, like 123.00.',
    );
    expect(parseStatementCsv(csv.slice(0, csv.lastIndexOf('\r\n')))).toEqual([
      {
        bankEntryId: 'R1-Q1',
        bookedOn: '2026-11-27',
        direction: 'credit',
        amountMicros: 123_000_000n,
        currency: 'EUR',
        remittance: 'Deposit DEP0000000A,\nfrom "Ada"; thanks',
      },
      expect.objectContaining({ bankEntryId: 'R1-Q2', amountMicros: 50_000_000n, remittance: 'plain' }),
    ]);
  });

  it('refuse a quote that is never closed, or text after a closing quote, naming the row', () => {
    expect(() =>
      parseStatementCsv(
        'date,amount,currency,reference,bank_id\n2026-11-27,1.00,EUR,ok,R1\n2026-11-27,1.00,EUR,"open,R2\n',
      ),
    ).toThrow('Row 3 opens a quote (") that is never closed; nothing was imported.');
    expect(() => parseStatementCsv('date,amount,currency,reference,bank_id\n2026-11-27,1.00,EUR,"a"b,R1\n')).toThrow(
      'Row 2 has text after a closing quote ("); nothing was imported.',
    );
  });

  it('name the missing columns and the row that cannot be read', () => {
    expect(() => parseStatementCsv('date;amount\n2026-01-01;1')).toThrow(
      'The CSV statement needs the columns date, amount, currency, reference, bank_id in its first row; missing: currency, reference, bank_id.',
    );
    expect(() => parseStatementCsv('date,amount,currency,reference,bank_id\n2026-01-01,1e3,EUR,x,1')).toThrow(
      'Row 2: the amount must be a number with a decimal point, like 123.00.',
    );
  });
});

describe('amounts and references', () => {
  it.each([
    ['123.00', 123_000_000n],
    ['0.01', 10_000n],
    ['1000000', 1_000_000_000_000n],
    ['12.3456789', null],
    ['-1', null],
    ['abc', null],
  ])('%s is %s micro-euros', (text, micros) => {
    expect(decimalToMicros(text)).toBe(micros);
  });

  it('find a reference written with spaces, dashes or lower case, and nothing in other text', () => {
    expect(depositReferenceIn('payment dep-7k3m 9q2x')).toBe('DEP7K3M9Q2X');
    expect(depositReferenceIn('ads for november')).toBeNull();
  });
});
