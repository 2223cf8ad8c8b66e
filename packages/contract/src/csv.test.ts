import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

/** A minimal RFC 4180 reader, as a spreadsheet reads a line: quoted fields unquoted. */
function parseLine(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else value += line[i++];
      }
      out.push(value);
      i++; // the comma
    } else {
      const end = line.indexOf(',', i);
      out.push(line.slice(i, end < 0 ? line.length : end));
      i = end < 0 ? line.length + 1 : end + 1;
    }
  }
  return out;
}
/** What a spreadsheet would run as a formula. */
const isFormula = (field: string) => /^[=+\-@\t\r]/.test(field) && !/^[+-]?(\d+(\.\d+)?|\.\d+)$/.test(field);

describe('CSV export cells (OWASP CSV injection, RFC 4180)', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","Click")', `"'=HYPERLINK(""http://evil.example""""Click"")"`],
    ['+cmd|"/c calc"!A1', `"'+cmd|""/c calc""!A1"`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1:A9)', `'@SUM(A1:A9)`],
    ['\t=1+1', `'=1+1`],
    ['\r=1+1', `'=1+1`],
    ['  =1+1', `'=1+1`],
    ['%=1+1', `'=1+1`],
    ['€=1+1', `'=1+1`],
  ])('neutralises %j', (hostile, expected) => {
    expect(csvCell(hostile)).toBe(expected);
    expect(isFormula(parseLine(csvCell(hostile))[0] as string)).toBe(false);
  });

  it('closes the quoted-field bypass: a cell that starts with a double quote stays text', () => {
    // Unquoted, '"=1+1"' is read by a spreadsheet as the field =1+1, a formula.
    const cell = csvCell('"=1+1"');
    expect(cell).toBe('"""=1+1"""');
    expect(parseLine(cell)).toEqual(['"=1+1"']);
  });

  it('keeps plain numbers, negative ones included, as numbers', () => {
    expect(csvCell(-1.5)).toBe('-1.5');
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('+3')).toBe('+3');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(12345678901234567890n)).toBe('12345678901234567890');
    expect(csvCell('€-1,234.50')).toBe('-1234.50');
    // A sign followed by anything but a number is not a number.
    expect(csvCell('-1e5')).toBe(`'-1e5`);
    expect(csvCell('- 1')).toBe(`'- 1`);
  });

  it('strips commas, percent and euro signs and joins lines with CRLF', () => {
    expect(csvCell('€1,234.50')).toBe('1234.50');
    expect(csvCell('0.25%')).toBe('0.25');
    expect(csvCell(null)).toBe('');
    expect(csvCell('two\nlines')).toBe('two lines');
    expect(toCsv(['Date', 'Cost'], [['1 Nov 2026', '€12.00']])).toBe('Date,Cost\r\n1 Nov 2026,12.00');
  });

  it('keeps every line to its columns whatever the cells hold', () => {
    const hostile = ['a,"b"', '=1,2', 'x\r\ny', '"', ''];
    const csv = toCsv(['A', 'B', 'C', 'D', 'E'], [hostile]);
    const lines = csv.split('\r\n');
    expect(lines).toHaveLength(2);
    const fields = parseLine(lines[1] as string);
    expect(fields).toEqual(['a"b"', `'=12`, 'x y', '"', '']);
    expect(fields.some(isFormula)).toBe(false);
  });
});
