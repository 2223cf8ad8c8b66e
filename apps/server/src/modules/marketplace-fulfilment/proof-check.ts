import { Parser } from 'htmlparser2';
import { LISTING_ATTRIBUTE, type LinkRel } from '@cryptads/contract/marketplace-messages';
import type { ProofCheckRecord } from '../../db/schema/marketplace';
import { type SafeFetchOptions, type SafeFetchResult, safeFetch } from '../../lib/safe-fetch';

/**
 * What the server finds at a delivered item's proof URL (docs/decisions/018-marketplace.md):
 * is the page there, does it link to the buyer's target URL, and with which rel. Fetched
 * through safeFetch (never a private address unless VERIFY_ALLOW_PRIVATE, one deadline, a size
 * cap), parsed with a real HTML parser so that comments, scripts and odd quoting do not fool it.
 */

export type ProofCheckSettings = { allowPrivate: boolean; timeoutMs: number };
export type Fetcher = (url: string, opts: SafeFetchOptions) => Promise<SafeFetchResult>;

/** Article pages are larger than a home page: 2 MB of HTML is far more than any real one. */
const PROOF_MAX_BYTES = 2 * 1024 * 1024;

export type PageLink = { href: string; rel: string[] };

/** Every `<a href>` of a page, resolved against the page's address (and its `<base href>`). */
export function linksOf(html: string, pageUrl: string): PageLink[] {
  const links: PageLink[] = [];
  let base = pageUrl;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'base' && attrs.href && base === pageUrl) {
          try {
            base = new URL(attrs.href, pageUrl).toString();
          } catch {
            // an unusable <base> changes nothing
          }
          return;
        }
        if (name !== 'a' || attrs.href === undefined) return;
        let href: string;
        try {
          href = new URL(attrs.href.trim(), base).toString();
        } catch {
          return;
        }
        const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean);
        links.push({ href, rel });
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return links;
}

const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^www\./, '');
const pathOf = (url: URL) => url.pathname.replace(/\/+$/, '') || '/';

/** Same place: same host ignoring 'www.', same path ignoring a trailing slash (scheme, query and fragment aside). */
export function sameTarget(href: string, target: string): boolean {
  let a: URL;
  let b: URL;
  try {
    a = new URL(href);
    b = new URL(target);
  } catch {
    return false;
  }
  if (a.protocol !== 'http:' && a.protocol !== 'https:') return false;
  return hostOf(a) === hostOf(b) && pathOf(a) === pathOf(b);
}

/** dofollow unless rel says nofollow, sponsored or ugc; then the first of those it says. */
export function relOf(rel: readonly string[]): LinkRel {
  for (const token of rel) if (token === 'nofollow' || token === 'sponsored' || token === 'ugc') return token;
  return 'dofollow';
}

const isHtml = (contentType: string | null) => {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type === 'text/html' || type === 'application/xhtml+xml';
};

/** Whether a listing's attributes promise dofollow links (docs/product/marketplace.md#selling: 'Dofollow Links Allowed'). */
export const promisesDofollow = (attributes: Record<string, string>) =>
  attributes[LISTING_ATTRIBUTE.dofollowLinksAllowed] === 'Yes';

export type ProofCheckInput = {
  proofUrl: string;
  /** The order's target URL; without one only the page itself is checked. */
  targetUrl: string | null;
  /** The listing promises dofollow links: a nofollow, sponsored or ugc link breaks that promise. */
  dofollowPromised: boolean;
};

/** Fetches and judges the proof page. Never throws: an unreachable page is a finding. */
export async function checkProof(
  input: ProofCheckInput,
  settings: ProofCheckSettings,
  now: Date = new Date(),
  fetcher: Fetcher = safeFetch,
): Promise<ProofCheckRecord> {
  const checkedAt = now.toISOString();
  const record = (r: Omit<ProofCheckRecord, 'checkedAt'>): ProofCheckRecord => ({ checkedAt, ...r });
  let page: SafeFetchResult;
  try {
    page = await fetcher(input.proofUrl, {
      allowPrivate: settings.allowPrivate,
      timeoutMs: settings.timeoutMs,
      maxBytes: PROOF_MAX_BYTES,
    });
  } catch (error) {
    const why = error instanceof Error ? error.message : 'it could not be reached';
    return record({
      live: false,
      httpStatus: null,
      linksToTarget: null,
      rel: null,
      broken: true,
      problem: `The proof page could not be loaded: ${why}`,
    });
  }
  if (page.status < 200 || page.status > 299)
    return record({
      live: false,
      httpStatus: page.status,
      linksToTarget: null,
      rel: null,
      broken: true,
      problem: `The proof page answered with HTTP status ${page.status}.`,
    });
  if (!isHtml(page.contentType))
    return record({
      live: false,
      httpStatus: page.status,
      linksToTarget: null,
      rel: null,
      broken: true,
      problem: 'The proof page is not an HTML page.',
    });
  if (!input.targetUrl)
    return record({
      live: true,
      httpStatus: page.status,
      linksToTarget: null,
      rel: null,
      broken: false,
      problem: null,
    });

  const target = input.targetUrl;
  const matches = linksOf(page.body, page.url).filter((l) => sameTarget(l.href, target));
  if (matches.length === 0)
    return record({
      live: true,
      httpStatus: page.status,
      linksToTarget: false,
      rel: null,
      broken: true,
      problem: `The proof page has no link to ${target}.`,
    });
  // Several links to the target: the best one counts (one followed link is what was sold).
  const rels = matches.map((l) => relOf(l.rel));
  const rel = rels.includes('dofollow') ? 'dofollow' : (rels[0] as LinkRel);
  const broken = input.dofollowPromised && rel !== 'dofollow';
  return record({
    live: true,
    httpStatus: page.status,
    linksToTarget: true,
    rel,
    broken,
    problem: broken ? `The link to ${target} is marked ${rel}, but this listing promises dofollow links.` : null,
  });
}
