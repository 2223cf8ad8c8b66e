import type { InvoiceData, InvoiceIssuer, InvoiceLine, InvoiceParty } from './invoice-pdf';

/**
 * An invoice as stored in `invoices.document` (JSON): everything the PDF prints, fixed when
 * the invoice is made (the parties as they were then), with micro-euros as strings and dates
 * as ISO instants. `source` records what was billed, for the history table.
 */
export type StoredDocument = {
  kind: InvoiceData['kind'];
  number: string;
  issueDate: string;
  supplyDate: string | null;
  issuer: InvoiceIssuer;
  counterparty: InvoiceParty;
  lines: { description: string; quantity: number; unitMicros: string }[];
  vat: {
    treatment: InvoiceData['vat']['treatment'];
    ratePercent: number;
    amountMicros: string | null;
    note: string | null;
    /** Absent in documents stored before VAT by place of supply. */
    country?: string | null;
  };
  correctsNumber: string | null;
  /** Absent in documents stored before it existed: false. */
  selfBilled?: boolean;
  paymentMethod: string | null;
  paymentReference: string | null;
  note: string | null;
  source: DocumentSource;
};

/** What the document bills, as the history shows it: the amount credited or paid out, and how. */
export type DocumentSource = {
  type: 'deposit' | 'payout';
  id: string;
  /** Euro amount of the deposit credited or of the payout, micro-euros. */
  amountMicros: string;
  /** 'card' | 'crypto' | 'bank_transfer' | a payout method; null when unknown. */
  method: string | null;
};

export function toStoredDocument(data: InvoiceData, source: DocumentSource): StoredDocument {
  return {
    kind: data.kind,
    number: data.number,
    issueDate: data.issueDate.toISOString(),
    supplyDate: data.supplyDate?.toISOString() ?? null,
    issuer: data.issuer,
    counterparty: data.counterparty,
    lines: data.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unitMicros: String(l.unitMicros),
    })),
    vat: {
      treatment: data.vat.treatment,
      ratePercent: data.vat.ratePercent,
      amountMicros:
        data.vat.amountMicros === undefined || data.vat.amountMicros === null ? null : String(data.vat.amountMicros),
      note: data.vat.note ?? null,
      country: data.vat.country ?? null,
    },
    correctsNumber: data.correctsNumber ?? null,
    selfBilled: data.selfBilled ?? data.kind === 'self_billing',
    paymentMethod: data.paymentMethod ?? null,
    paymentReference: data.paymentReference ?? null,
    note: data.note ?? null,
    source,
  };
}

export function fromStoredDocument(doc: StoredDocument): InvoiceData {
  const lines: InvoiceLine[] = doc.lines.map((l) => ({
    description: l.description,
    quantity: l.quantity,
    unitMicros: BigInt(l.unitMicros),
  }));
  return {
    kind: doc.kind,
    number: doc.number,
    issueDate: new Date(doc.issueDate),
    supplyDate: doc.supplyDate ? new Date(doc.supplyDate) : null,
    issuer: doc.issuer,
    counterparty: doc.counterparty,
    lines,
    vat: {
      treatment: doc.vat.treatment,
      ratePercent: doc.vat.ratePercent,
      amountMicros: doc.vat.amountMicros === null ? null : BigInt(doc.vat.amountMicros),
      note: doc.vat.note,
      country: doc.vat.country ?? null,
    },
    correctsNumber: doc.correctsNumber,
    selfBilled: doc.selfBilled ?? doc.kind === 'self_billing',
    paymentMethod: doc.paymentMethod,
    paymentReference: doc.paymentReference,
    note: doc.note,
  };
}
