import { ADS_TXT_QUOTE_MAX, AdsTxtReason } from '@cryptads/contract/websites-messages';

/**
 * Reading a publisher's ads.txt (IAB Tech Lab ads.txt 1.1) for our line. Pure: the check
 * (./ads-txt.service.ts) fetches the file and stores what this decides.
 *
 * A record is `<advertising system domain>, <seller account id>, <DIRECT|RESELLER>[, <certification
 * authority id>][;extension]`; `#` starts a comment; `key=value` lines (contact=, subdomain=,
 * ownerdomain=, managerdomain=, inventorypartnerdomain=) are variables, not records. Fields are
 * trimmed; the domain and the relationship compare without case, and so does the seller id (ours
 * are lower-case hex, so no two of them differ by case only).
 */

export type AdsTxtRecord = {
  domain: string;
  accountId: string;
  relationship: string;
  certificationId: string | null;
  /** The line as the file has it (trimmed, comment included). */
  raw: string;
};

/** The records of an ads.txt file, in file order; lines that are not records are skipped. */
export function parseAdsTxt(text: string): AdsTxtRecord[] {
  const records: AdsTxtRecord[] = [];
  for (const rawLine of text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)) {
    const raw = rawLine.trim();
    const content = (raw.split('#', 1)[0] ?? '').trim();
    if (!content) continue;
    const fieldsPart = content.split(';', 1)[0] ?? '';
    const fields = fieldsPart.split(',').map((f) => f.trim());
    // A variable: `key=value` before any comma.
    if ((fields[0] ?? '').includes('=')) continue;
    if (fields.length < 3) continue;
    const [domain = '', accountId = '', relationship = '', certificationId = ''] = fields;
    if (!domain || !accountId || !relationship) continue;
    records.push({
      domain: domain.toLowerCase(),
      accountId,
      relationship: relationship.toUpperCase(),
      certificationId: certificationId || null,
      raw,
    });
  }
  return records;
}

export type AdsTxtVerdict = { reason: AdsTxtReason; line: string | null };

const quote = (line: string) => (line.length > ADS_TXT_QUOTE_MAX ? `${line.slice(0, ADS_TXT_QUOTE_MAX - 1)}…` : line);

/**
 * What the file says about our line: found (our domain, the publisher's seller id, DIRECT; the
 * certification authority id is optional and not compared), a line of ours with the right seller
 * id but not DIRECT, a line of ours with another seller id (each quoted), or no line of ours.
 */
export function judgeAdsTxt(text: string, ours: { domain: string; sellerId: string }): AdsTxtVerdict {
  const domain = ours.domain.toLowerCase();
  const sellerId = ours.sellerId.toLowerCase();
  const mine = parseAdsTxt(text).filter((r) => r.domain === domain);
  if (mine.some((r) => r.accountId.toLowerCase() === sellerId && r.relationship === 'DIRECT'))
    return { reason: AdsTxtReason.Found, line: null };
  const sameId = mine.find((r) => r.accountId.toLowerCase() === sellerId);
  if (sameId) return { reason: AdsTxtReason.Relationship, line: quote(sameId.raw) };
  const other = mine[0];
  if (other) return { reason: AdsTxtReason.OtherSellerId, line: quote(other.raw) };
  return { reason: AdsTxtReason.NoLine, line: null };
}

/** A 200 answer that is a web page (a site that answers every path with its home page), not a text file. */
export function looksLikeHtml(body: string): boolean {
  return /^\s*</.test(body.replace(/^\uFEFF/, ''));
}
