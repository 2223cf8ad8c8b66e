import { describe, expect, it } from 'vitest';
import { csvCell, pageCount, pageOf, searchRows, sortRows, toCsv } from './table';

type Row = { name: string; clicks: number | string };
const rows: Row[] = [
  { name: 'Beta', clicks: '100' },
  { name: 'alpha', clicks: 9 },
  { name: 'Gamma', clicks: 25 },
];

describe('shared table rules', () => {
  it('sorts numerically when every value of the column is numeric', () => {
    expect(sortRows(rows, (r) => r.clicks, 'asc').map((r) => r.name)).toEqual(['alpha', 'Gamma', 'Beta']);
    expect(sortRows(rows, (r) => r.clicks, 'desc').map((r) => r.name)).toEqual(['Beta', 'Gamma', 'alpha']);
  });

  it('sorts as text when a value is not numeric', () => {
    const mixed = [...rows, { name: 'Delta', clicks: 'n/a' }];
    // Text collation still orders digit runs by value.
    expect(sortRows(mixed, (r) => r.clicks, 'asc').map((r) => r.clicks)).toEqual([9, 25, '100', 'n/a']);
  });

  it('searches every column, ignoring case', () => {
    expect(searchRows(rows, 'ALP', (r) => [r.name, r.clicks]).map((r) => r.name)).toEqual(['alpha']);
    expect(searchRows(rows, '25', (r) => [r.name, r.clicks]).map((r) => r.name)).toEqual(['Gamma']);
    expect(searchRows(rows, '  ', (r) => [r.name])).toHaveLength(3);
  });

  it('pages rows and counts at least one page', () => {
    const many = Array.from({ length: 23 }, (_, i) => i);
    expect(pageCount(23, 10)).toBe(3);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageOf(many, 3, 10)).toEqual([20, 21, 22]);
  });

  it('exports CSV without commas, percent and euro signs', () => {
    expect(csvCell('€1,234.50')).toBe('1234.50');
    expect(csvCell('0.25%')).toBe('0.25');
    // Formula injection (OWASP CSV injection): text that a spreadsheet would run stays text.
    // Quoted per RFC 4180 (it holds double quotes), the quotes doubled.
    expect(csvCell('=HYPERLINK("http://evil.example")')).toBe(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csvCell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(csvCell('+cmd')).toBe(`'+cmd`);
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(toCsv(['Date', 'Cost'], [['1 Nov 2026', '€12.00']])).toBe('Date,Cost\r\n1 Nov 2026,12.00');
  });
});
