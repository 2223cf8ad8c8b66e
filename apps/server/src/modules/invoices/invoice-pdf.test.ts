import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eurosToMicros } from '@cryptads/contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InvoiceData, type InvoiceIssuer, renderInvoicePdf } from './invoice-pdf';

/**
 * The PDFs are read back with poppler (pdfinfo, pdftotext, pdffonts: Debian's
 * poppler-utils), a real PDF reader, so these tests see what a customer's viewer shows.
 */
const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'invoice-pdf-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let fileCounter = 0;
async function readBack(pdf: Buffer) {
  const file = path.join(dir, `doc-${++fileCounter}.pdf`);
  await writeFile(file, pdf);
  const tool = async (name: string, args: string[]) => {
    try {
      return (await run(name, args)).stdout;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new Error(`${name} is missing: install Debian's poppler-utils (apt-get install poppler-utils)`);
      throw error;
    }
  };
  const info = await tool('pdfinfo', [file]);
  const text = await tool('pdftotext', ['-layout', file, '-']);
  const fonts = await tool('pdffonts', [file]);
  return { info, text, fonts, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]) };
}

const issuer: InvoiceIssuer = {
  name: 'Cryptads Ltd',
  addressLines: ['1 Grand Canal Square', 'Dublin 2, D02 P820'],
  country: 'IE',
  vatNumber: 'IE6388047V',
  registrationNumber: '123456',
  email: 'billing@cryptads.example',
  bank: { iban: 'IE29AIBK93115212345678', bic: 'AIBKIE2D', bankName: 'AIB' },
};

const deposit = (overrides: Partial<InvoiceData> = {}): InvoiceData => ({
  kind: 'invoice',
  number: 'INV-2026-000042',
  issueDate: new Date('2026-11-23T10:15:00Z'),
  issuer,
  counterparty: {
    name: 'Łukasz Żółć Sp. z o.o.',
    addressLines: ['ul. Świętokrzyska 12', '00-916 Warszawa'],
    country: 'PL',
    vatNumber: 'PL5260250274',
  },
  lines: [{ description: 'Advertising balance top-up (deposit)', quantity: 1, unitMicros: eurosToMicros(1234.56) }],
  vat: { treatment: 'reverse_charge', ratePercent: 23 },
  paymentMethod: 'Card Payment',
  paymentReference: 'pay_7Qm2xY',
  ...overrides,
});

/** pdftotext -layout keeps columns apart with runs of spaces; compare words only. */
const squash = (text: string) => text.replace(/\s+/g, ' ');

describe('invoice PDF', () => {
  it('is a valid one-page PDF with an embedded Unicode font that prints any name', async () => {
    const pdf = await renderInvoicePdf(deposit());
    expect(pdf.subarray(0, 7).toString('latin1')).toBe('%PDF-1.');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    const { info, text, fonts, pages } = await readBack(pdf);
    expect(pages).toBe(1);
    expect(info).toMatch(/Title:\s+Invoice INV-2026-000042/);
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    // Subset TrueType fonts, embedded: "DejaVuSans ... yes".
    expect(fonts).toMatch(/DejaVuSans\s+CID TrueType\s+Identity-H\s+yes yes/);
    expect(fonts).toMatch(/DejaVuSans-Bold\s+CID TrueType\s+Identity-H\s+yes yes/);
    expect(text).toContain('Łukasz Żółć Sp. z o.o.');
    expect(text).toContain('ul. Świętokrzyska 12');
  });

  it('shows an EU business customer 0 % and the words Reverse charge', async () => {
    const { text } = await readBack(await renderInvoicePdf(deposit()));
    const words = squash(text);
    expect(words).toContain('Invoice');
    expect(words).toContain('Number INV-2026-000042');
    expect(words).toContain('Date of issue 23 November 2026');
    expect(words).toContain('BILLED TO Łukasz Żółć Sp. z o.o.');
    expect(words).toContain('VAT number: PL5260250274');
    expect(words).toContain('Poland');
    expect(words).toContain('Advertising balance top-up (deposit) 1 €1,234.56 €1,234.56');
    expect(words).toContain('Net amount €1,234.56');
    expect(words).toContain('VAT 0 % €0.00');
    expect(words).toContain('Total €1,234.56');
    expect(words).toContain('Reverse charge');
    expect(words).toContain('Article 196');
    expect(words).toContain('Payment method: Card Payment · Reference: pay_7Qm2xY');
    // The issuer's legal details in the footer.
    expect(words).toContain('Cryptads Ltd · Registration 123456 · VAT IE6388047V · AIB · IBAN IE29AIBK93115212345678');
    expect(words).toContain('Page 1 of 1');
    expect(words).not.toContain('Self-billing');
  });

  it('charges the configured rate to a customer without reverse charge, with the VAT actually charged', async () => {
    const local = deposit({
      counterparty: { name: 'Siobhán Ní Bhriain', addressLines: ['4 Quay Street', 'Galway'], country: 'IE' },
      lines: [{ description: 'Advertising balance top-up (deposit)', quantity: 1, unitMicros: eurosToMicros(100) }],
      vat: { treatment: 'standard', ratePercent: 23, amountMicros: eurosToMicros(23.23) },
    });
    const words = squash((await readBack(await renderInvoicePdf(local))).text);
    expect(words).toContain('Siobhán Ní Bhriain');
    expect(words).toContain('VAT 23 % €23.23');
    expect(words).toContain('Total €123.23');
    expect(words).not.toContain('Reverse charge');
  });

  it('makes a credit note that names the invoice it corrects', async () => {
    const note = deposit({ kind: 'credit_note', number: 'CN-2026-000003', correctsNumber: 'INV-2026-000042' });
    const { text, info } = await readBack(await renderInvoicePdf(note));
    const words = squash(text);
    expect(info).toMatch(/Title:\s+Credit note CN-2026-000003/);
    expect(words).toContain('Credit note');
    expect(words).toContain('Corrects invoice INV-2026-000042');
  });

  it("makes a publisher's payout a self-billing invoice: the publisher supplies, we issue", async () => {
    const payout = deposit({
      kind: 'self_billing',
      number: 'SB-2026-000007',
      counterparty: {
        name: 'Θεσσαλονίκη Media ΙΚΕ',
        addressLines: ['Egnatia 10', '54625 Thessaloniki'],
        country: 'GR',
        vatNumber: 'EL094259216',
      },
      lines: [{ description: 'Publisher earnings, October 2026', quantity: 1, unitMicros: eurosToMicros(512.34) }],
      vat: { treatment: 'reverse_charge', ratePercent: 0 },
      paymentMethod: 'SEPA',
      paymentReference: 'PAYOUT-88',
    });
    const { text, info } = await readBack(await renderInvoicePdf(payout));
    const words = squash(text);
    expect(info).toMatch(/Title:\s+Self-billing invoice SB-2026-000007/);
    expect(words).toContain('Self-billing invoice');
    expect(words).toContain(
      'issued by Cryptads Ltd, the customer, on behalf of the supplier under a self-billing agreement',
    );
    // The supplier heads the page; we are the customer who issued it.
    expect(text.indexOf('Θεσσαλονίκη Media ΙΚΕ')).toBeLessThan(text.indexOf('CUSTOMER (ISSUER)'));
    expect(words).toContain('CUSTOMER (ISSUER) Cryptads Ltd');
    expect(words).toContain('Total €512.34');
    expect(words).toContain('Reverse charge');
  });

  it('continues the lines on a second page when they do not fit', async () => {
    const many = deposit({
      lines: Array.from({ length: 45 }, (_, i) => ({
        description: `Placement ${i + 1}: sponsored article`,
        quantity: 1,
        unitMicros: eurosToMicros(10),
      })),
    });
    const { text, pages } = await readBack(await renderInvoicePdf(many));
    expect(pages).toBe(2);
    expect(squash(text)).toContain('Page 1 of 2');
    expect(squash(text)).toContain('Page 2 of 2');
    expect(squash(text)).toContain('Placement 45: sponsored article');
    expect(squash(text)).toContain('Total €450.00');
  });
});
