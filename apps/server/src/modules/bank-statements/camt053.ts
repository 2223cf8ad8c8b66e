import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { decimalToMicros, StatementError, type StatementLine } from './statement-line';

/**
 * ISO 20022 camt.053 (BankToCustomerStatement, versions .001.02 to .001.08 read alike):
 * Document / BkToCstmrStmt / Stmt / Ntry. An entry is one line, identified by the bank's
 * AcctSvcrRef (else NtryRef); a batch entry with several TxDtls becomes one line per
 * transaction, each with its own amount. Only booked entries (Sts BOOK) count.
 */

type Node = Record<string, unknown>;

const ALWAYS_ARRAYS = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd']);

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: false,
  isArray: (name) => ALWAYS_ARRAYS.has(name),
  // The callback reads the tag's name only: no path string built for every tag (a third of
  // the parse of a large statement).
  jPath: false,
});

const asNode = (value: unknown): Node | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
const child = (node: Node | undefined, name: string) => asNode(node?.[name]);
const list = (node: Node | undefined, name: string): Node[] => {
  const value = node?.[name];
  return Array.isArray(value) ? value.map(asNode).filter((n): n is Node => n !== undefined) : [];
};
/** Text of an element, whether or not it carries attributes (Amt Ccy="EUR"). */
const text = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim() || null;
  const node = asNode(value);
  const inner = node?.['#text'];
  return typeof inner === 'string' ? inner.trim() || null : null;
};

function amountOf(amt: unknown, where: string): { amountMicros: bigint; currency: string } {
  const value = text(amt);
  const currency = asNode(amt)?.['@Ccy'];
  const amountMicros = value === null ? null : decimalToMicros(value);
  if (amountMicros === null || typeof currency !== 'string')
    throw new StatementError(`${where} has no readable amount with a currency (Amt Ccy="EUR").`);
  return { amountMicros, currency: currency.toUpperCase() };
}

/** Unstructured remittance lines joined, else the structured creditor reference. */
function remittanceOf(tx: Node | undefined): string | null {
  const info = child(tx, 'RmtInf');
  const unstructured = (Array.isArray(info?.Ustrd) ? info.Ustrd : []).map(text).filter(Boolean);
  if (unstructured.length > 0) return unstructured.join(' ');
  for (const structured of list(info, 'Strd')) {
    const ref = text(child(structured, 'CdtrRefInf')?.Ref);
    if (ref) return ref;
  }
  return null;
}

/** camt.053 .02 writes `<Sts>BOOK</Sts>`, .08 `<Sts><Cd>BOOK</Cd></Sts>`. */
const statusOf = (entry: Node) => text(entry.Sts) ?? text(child(entry, 'Sts')?.Cd);
const dateOf = (node: Node | undefined) => text(node?.Dt) ?? text(node?.DtTm)?.slice(0, 10) ?? null;

export function looksLikeCamt053(content: string): boolean {
  return /<\s*(\w+:)?BkToCstmrStmt[\s>]/.test(content);
}

export function parseCamt053(content: string): { lines: StatementLine[]; notBooked: number } {
  if (/<!DOCTYPE|<!ENTITY/i.test(content))
    throw new StatementError('The statement declares a DOCTYPE or entities, which a bank statement never does.');
  const valid = XMLValidator.validate(content);
  if (valid !== true)
    throw new StatementError(
      `The statement is not well-formed XML (line ${valid.err.line}: ${valid.err.msg}); export it again from the bank.`,
    );
  const doc = asNode(parser.parse(content));
  const root = child(child(doc, 'Document'), 'BkToCstmrStmt');
  if (!root) throw new StatementError('The file is XML but not a camt.053 statement (no Document/BkToCstmrStmt).');
  const lines: StatementLine[] = [];
  let notBooked = 0;
  let index = 0;
  for (const statement of list(root, 'Stmt')) {
    for (const entry of list(statement, 'Ntry')) {
      index++;
      const where = `Entry ${index}`;
      const status = statusOf(entry);
      if (status && status !== 'BOOK') {
        notBooked++;
        continue;
      }
      const entryId = text(entry.AcctSvcrRef) ?? text(entry.NtryRef);
      const indicator = text(entry.CdtDbtInd);
      if (indicator !== 'CRDT' && indicator !== 'DBIT')
        throw new StatementError(`${where} says neither CRDT nor DBIT (CdtDbtInd).`);
      const bookedOn = dateOf(child(entry, 'BookgDt')) ?? dateOf(child(entry, 'ValDt'));
      if (!bookedOn || !/^\d{4}-\d{2}-\d{2}$/.test(bookedOn))
        throw new StatementError(`${where} has no booking date (BookgDt).`);
      const transactions = list(entry, 'NtryDtls').flatMap((details) => list(details, 'TxDtls'));
      const direction = indicator === 'CRDT' ? 'credit' : 'debit';
      if (transactions.length <= 1) {
        if (!entryId)
          throw new StatementError(
            `${where} has no bank reference (AcctSvcrRef or NtryRef), so a second import could not be recognised; nothing was imported.`,
          );
        lines.push({
          bankEntryId: entryId,
          bookedOn,
          direction,
          ...amountOf(entry.Amt, where),
          remittance: remittanceOf(transactions[0]),
        });
        continue;
      }
      // A batch: each transaction is a payment of its own, with its own amount and reference.
      transactions.forEach((tx, i) => {
        const txId = text(child(tx, 'Refs')?.AcctSvcrRef) ?? (entryId ? `${entryId}/${i + 1}` : null);
        if (!txId)
          throw new StatementError(
            `${where}, transaction ${i + 1} has no bank reference (AcctSvcrRef or NtryRef); nothing was imported.`,
          );
        const amt = tx.Amt ?? child(child(tx, 'AmtDtls'), 'TxAmt')?.Amt;
        lines.push({
          bankEntryId: txId,
          bookedOn,
          direction,
          ...amountOf(amt, `${where}, transaction ${i + 1}`),
          remittance: remittanceOf(tx),
        });
      });
    }
  }
  return { lines, notBooked };
}
