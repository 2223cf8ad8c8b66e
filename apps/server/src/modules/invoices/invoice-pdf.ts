import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import type { VatTreatment } from '@cryptads/contract/billing-messages';
import { CURRENCY, formatEuros, invoiceLineAmount, microsToEuros } from '@cryptads/contract/money';
import { invoiceTotals } from '@cryptads/contract/money-rules';
import { countryName, formatVatPercent, OUTSIDE_SCOPE_WORDING, vatWording } from '@cryptads/contract/vat';

/**
 * Invoice PDFs (VAT Directive 2006/112/EC art. 226): invoices, credit notes
 * and self-billing invoices for payouts, with the date, the number of its series, both
 * parties with their VAT numbers, the lines, net, rate and VAT, and the words 'Reverse
 * charge' or 'Self-billing' where they apply. Text is set in DejaVu Sans, embedded (and
 * subset) from the dejavu-fonts-ttf package, so any customer's name prints ('Łukasz
 * Żółć', 'Ærøskøbing', 'Θεσσαλονίκη'); the 14 standard PDF fonts cannot.
 */

export type InvoiceKind = 'invoice' | 'credit_note' | 'self_billing';

export type InvoiceParty = {
  name: string;
  addressLines: readonly string[];
  /** ISO 3166-1 alpha-2; printed as the country's English name. */
  country: string;
  vatNumber?: string | null;
  registrationNumber?: string | null;
  email?: string | null;
};

/** Our own details, from configuration. */
export type InvoiceIssuer = InvoiceParty & {
  bank?: { iban: string; bic: string; bankName?: string | null } | null;
  website?: string | null;
};

export type InvoiceLine = { description: string; quantity: number; unitMicros: bigint };

export type InvoiceData = {
  kind: InvoiceKind;
  /** The gapless number of the document's series, assigned when it is final. */
  number: string;
  issueDate: Date;
  /** When the service was supplied or the payment received, when it differs from the issue date. */
  supplyDate?: Date | null;
  dueDate?: Date | null;
  /** Us. On a self-billing invoice we are the customer who issues it for the supplier. */
  issuer: InvoiceIssuer;
  /** The customer of an invoice or credit note; the supplier (publisher) of a self-billing invoice. */
  counterparty: InvoiceParty;
  lines: readonly InvoiceLine[];
  vat: {
    treatment: VatTreatment;
    /** The rate charged under 'standard'; ignored (0 %) otherwise. */
    ratePercent: number;
    /** The VAT actually charged (e.g. the deposit breakdown's, rounded up); computed when absent. */
    amountMicros?: bigint | null;
    /** Replaces the standard wording of a 0 % treatment (e.g. a supplier not registered for VAT). */
    note?: string | null;
    /** The member state whose VAT is charged (place of supply), printed beside the rate. */
    country?: string | null;
  };
  /** A credit note names the invoice it corrects. */
  correctsNumber?: string | null;
  /**
   * Issued by us as the customer on the supplier's behalf: a self-billing invoice always, and
   * a credit note that corrects one (the supplier heads the page; the words 'Self-billing').
   */
  selfBilled?: boolean;
  paymentMethod?: string | null;
  paymentReference?: string | null;
  note?: string | null;
};

export const INVOICE_TITLES: Record<InvoiceKind, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  self_billing: 'Self-billing invoice',
};

export const REVERSE_CHARGE_TEXT = 'Reverse charge';
export const REVERSE_CHARGE_DETAIL =
  'VAT to be accounted for by the recipient of the services (Article 196, Council Directive 2006/112/EC).';
export const OUTSIDE_SCOPE_TEXT = `${OUTSIDE_SCOPE_WORDING}: the services are supplied where the customer is established, outside the EU (Articles 44 and 59, Council Directive 2006/112/EC).`;
export const SELF_BILLING_TEXT = 'Self-billing';
export const selfBillingDetail = (issuer: string) =>
  `This invoice was issued by ${issuer}, the customer, on behalf of the supplier under a self-billing agreement.`;

const require = createRequire(import.meta.url);
export const INVOICE_FONT_FILES = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
export type InvoiceFonts = { regular: Font; bold: Font };
let loadedFonts: Promise<InvoiceFonts> | null = null;

/**
 * The fonts, parsed once per process: pdfkit takes a parsed fontkit font as well as a
 * file, and parsing DejaVu Sans for every invoice cost about ten times the rest of the PDF.
 * Each document still embeds its own subset. fontkit, like pdfkit, is loaded with the first
 * PDF, not with the server (docs/decisions/064).
 */
export const invoiceFonts = (): Promise<InvoiceFonts> =>
  (loadedFonts ??= import('fontkit')
    .then(({ create }) => {
      const load = (file: string): Font => {
        const font = create(readFileSync(file));
        if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font`);
        return font;
      };
      return { regular: load(INVOICE_FONT_FILES.regular), bold: load(INVOICE_FONT_FILES.bold) };
    })
    .catch((error: unknown) => {
      loadedFonts = null;
      throw error;
    }));

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
export const formatInvoiceDate = (date: Date) => dateFormat.format(date);
const money = (micros: bigint) => formatEuros(microsToEuros(micros));
const percent = formatVatPercent;

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
/** The parties' column; the document's facts take the rest of the width. */
const LEFT_WIDTH = 250;
const GREY = '#475467';
const INK = '#101828';
const RULE = '#d0d5dd';

/**
 * Renders the document; resolves with the PDF bytes. pdfkit and fontkit (with brotli's
 * dictionary) are about 7 MB of heap and 0.2 s to load: imported with the first PDF a process
 * renders rather than when the server starts (docs/decisions/064).
 */
export async function renderInvoicePdf(data: InvoiceData, givenFonts?: InvoiceFonts): Promise<Buffer> {
  const [{ default: PDFDocument }, fonts] = await Promise.all([import('pdfkit'), givenFonts ?? invoiceFonts()]);
  const title = INVOICE_TITLES[data.kind];
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: 'en-GB',
    displayTitle: true,
    // Pages stay in memory until the end, so that every page gets the footer and 'Page n of m'.
    bufferPages: true,
    info: {
      Title: `${title} ${data.number}`,
      Author: data.issuer.name,
      Subject: title,
      CreationDate: data.issueDate,
    },
  });
  // @types/pdfkit lists paths and buffers only; pdfkit also takes a parsed fontkit font.
  doc.registerFont('body', fonts.regular as unknown as Buffer);
  doc.registerFont('bold', fonts.bold as unknown as Buffer);
  doc.font('body');
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const selfBilling = data.kind === 'self_billing' || data.selfBilled === true;
  const supplier: InvoiceParty = selfBilling ? data.counterparty : data.issuer;
  const customer: InvoiceParty = selfBilling ? data.issuer : data.counterparty;
  // The amounts are the money rules' (contract money-rules.ts); this file lays them out.
  const totals = invoiceTotals(data);

  // Header: the supplier on the left, the document on the right.
  const top = MARGIN;
  doc.font('bold').fontSize(16).fillColor(INK).text(supplier.name, MARGIN, top, { width: LEFT_WIDTH });
  doc.font('body').fontSize(9).fillColor(GREY);
  partyDetails(doc, supplier);
  const leftBottom = doc.y;

  const rightX = MARGIN + LEFT_WIDTH + 20;
  const rightWidth = CONTENT_WIDTH - LEFT_WIDTH - 20;
  doc.font('bold').fontSize(18).fillColor(INK).text(title, rightX, top, { width: rightWidth, align: 'right' });
  doc.moveDown(0.4);
  const facts: [string, string][] = [
    ['Number', data.number],
    ['Date of issue', formatInvoiceDate(data.issueDate)],
  ];
  if (data.supplyDate) facts.push(['Date of supply', formatInvoiceDate(data.supplyDate)]);
  if (data.dueDate) facts.push(['Due date', formatInvoiceDate(data.dueDate)]);
  if (data.correctsNumber) facts.push(['Corrects invoice', data.correctsNumber]);
  facts.push(['Currency', CURRENCY]);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('body').fontSize(9).fillColor(GREY).text(label, rightX, y, { width: 90 });
    doc
      .font('bold')
      .fillColor(INK)
      .text(value, rightX + 90, y, { width: rightWidth - 90, align: 'right' });
  }

  // The other party.
  let y = Math.max(leftBottom, doc.y) + 24;
  doc
    .font('bold')
    .fontSize(9)
    .fillColor(GREY)
    .text(selfBilling ? 'CUSTOMER (ISSUER)' : 'BILLED TO', MARGIN, y);
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(INK)
    .text(customer.name, MARGIN, doc.y + 2, { width: LEFT_WIDTH });
  doc.font('body').fontSize(9).fillColor(GREY);
  partyDetails(doc, customer);
  y = doc.y + 24;

  // Lines.
  const cols = { description: MARGIN, quantity: MARGIN + 265, unit: MARGIN + 315, amount: MARGIN + 405 };
  const widths = { description: 255, quantity: 45, unit: 85, amount: CONTENT_WIDTH - 405 };
  const header = (at: number) => {
    doc.font('bold').fontSize(9).fillColor(GREY);
    doc.text('Description', cols.description, at, { width: widths.description });
    doc.text('Qty', cols.quantity, at, { width: widths.quantity, align: 'right' });
    doc.text('Unit price', cols.unit, at, { width: widths.unit, align: 'right' });
    doc.text('Amount', cols.amount, at, { width: widths.amount, align: 'right' });
    rule(doc, at + 14);
    return at + 22;
  };
  y = header(y);
  // Content stops above the footer; the totals and notes need about 150 pt together.
  const contentBottom = A4.height - MARGIN - 40;
  for (const line of data.lines) {
    doc.font('body').fontSize(10);
    const height = doc.heightOfString(line.description, { width: widths.description });
    if (y + height > contentBottom) {
      doc.addPage();
      y = header(MARGIN);
    }
    doc.font('body').fontSize(10).fillColor(INK);
    doc.text(line.description, cols.description, y, { width: widths.description });
    doc.text(String(Number(line.quantity.toFixed(3))), cols.quantity, y, { width: widths.quantity, align: 'right' });
    doc.text(money(line.unitMicros), cols.unit, y, { width: widths.unit, align: 'right' });
    doc.text(money(invoiceLineAmount(line.unitMicros, line.quantity)), cols.amount, y, {
      width: widths.amount,
      align: 'right',
    });
    y += Math.max(height, 12) + 8;
  }
  rule(doc, y - 2);

  // Totals.
  y += 8;
  if (y + 150 > contentBottom) {
    doc.addPage();
    y = MARGIN;
  }
  const totalRow = (label: string, value: string, strong = false) => {
    doc
      .font(strong ? 'bold' : 'body')
      .fontSize(strong ? 11 : 10)
      .fillColor(INK);
    doc.text(label, cols.unit - 60, y, { width: 145, align: 'right' });
    doc.text(value, cols.amount, y, { width: widths.amount, align: 'right' });
    y += strong ? 18 : 15;
  };
  const standard = data.vat.treatment === 'standard';
  totalRow(standard ? `Net amount at ${percent(totals.ratePercent)}` : 'Net amount', money(totals.netMicros));
  totalRow(
    standard && data.vat.country
      ? vatWording('domestic', data.vat.country, totals.ratePercent)
      : `VAT ${percent(totals.ratePercent)}`,
    money(totals.vatMicros),
  );
  totalRow('Total', money(totals.totalMicros), true);

  // Notes: the words the law asks for, then payment details.
  y += 12;
  doc.x = MARGIN;
  doc.y = y;
  if (data.vat.treatment === 'reverse_charge') {
    doc.font('bold').fontSize(11).fillColor(INK).text(REVERSE_CHARGE_TEXT, MARGIN, doc.y, { width: CONTENT_WIDTH });
    doc
      .font('body')
      .fontSize(9)
      .fillColor(GREY)
      .text(data.vat.note ?? REVERSE_CHARGE_DETAIL, { width: CONTENT_WIDTH });
    doc.moveDown(0.6);
  } else if (data.vat.treatment === 'outside_scope' || data.vat.note) {
    doc
      .font('body')
      .fontSize(9)
      .fillColor(GREY)
      .text(data.vat.note ?? OUTSIDE_SCOPE_TEXT, { width: CONTENT_WIDTH });
    doc.moveDown(0.6);
  }
  if (selfBilling) {
    doc.font('bold').fontSize(11).fillColor(INK).text(SELF_BILLING_TEXT, MARGIN, doc.y, { width: CONTENT_WIDTH });
    doc.font('body').fontSize(9).fillColor(GREY).text(selfBillingDetail(data.issuer.name), { width: CONTENT_WIDTH });
    doc.moveDown(0.6);
  }
  const payment = [
    data.paymentMethod ? `Payment method: ${data.paymentMethod}` : null,
    data.paymentReference ? `Reference: ${data.paymentReference}` : null,
  ].filter((s): s is string => s !== null);
  if (payment.length > 0) {
    doc.font('body').fontSize(9).fillColor(GREY).text(payment.join('   ·   '), MARGIN, doc.y, { width: CONTENT_WIDTH });
    doc.moveDown(0.6);
  }
  if (data.note) doc.font('body').fontSize(9).fillColor(GREY).text(data.note, MARGIN, doc.y, { width: CONTENT_WIDTH });

  // Footer on every page: the issuer's legal details and the page number.
  const footer = [
    data.issuer.name,
    data.issuer.registrationNumber ? `Registration ${data.issuer.registrationNumber}` : null,
    data.issuer.vatNumber ? `VAT ${data.issuer.vatNumber}` : null,
    data.issuer.bank
      ? `${data.issuer.bank.bankName ? `${data.issuer.bank.bankName} · ` : ''}IBAN ${data.issuer.bank.iban} · BIC ${data.issuer.bank.bic}`
      : null,
    data.issuer.website ?? null,
  ].filter((s): s is string => !!s);
  const pages = doc.bufferedPageRange();
  for (let i = pages.start; i < pages.start + pages.count; i++) {
    doc.switchToPage(i);
    const footerY = A4.height - MARGIN - 24;
    rule(doc, footerY - 6);
    doc.font('body').fontSize(8).fillColor(GREY);
    doc.text(footer.join('   ·   '), MARGIN, footerY, { width: CONTENT_WIDTH - 70, height: 24 });
    doc.text(`Page ${i - pages.start + 1} of ${pages.count}`, A4.width - MARGIN - 70, footerY, {
      width: 70,
      align: 'right',
      lineBreak: false,
    });
  }

  doc.end();
  return done;
}

function partyDetails(doc: PDFKit.PDFDocument, party: InvoiceParty) {
  const lines = [
    ...party.addressLines,
    countryName(party.country),
    party.vatNumber ? `VAT number: ${party.vatNumber}` : null,
    party.registrationNumber ? `Registration number: ${party.registrationNumber}` : null,
    party.email ?? null,
  ].filter((s): s is string => !!s);
  for (const line of lines) doc.text(line, { width: LEFT_WIDTH });
}

function rule(doc: PDFKit.PDFDocument, y: number) {
  doc
    .save()
    .moveTo(MARGIN, y)
    .lineTo(A4.width - MARGIN, y)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke()
    .restore();
}
