import { AD_FORMAT_LABELS, AdFormat, DISPLAY_SIZES } from './campaign-messages';
import { URL_MAX } from './limits';

/**
 * The publisher websites area (docs/product/websites.md):
 * statuses with their labels, the list order, the Get Code rule, limits and exact texts.
 * No zod here, so that screens can use the rules without the schema library; websites.ts
 * holds the request and response schemas and re-exports this module.
 */

// ---- Website status ----------------------------------------------------------------------

/** Website status (docs/product/websites.md#statuses). "Active" is shown as Approved. */
export const WebsiteStatus = {
  Pending: 0,
  Active: 1,
  Paused: 2,
  Denied: 3,
  FraudDenied: 4,
  Archived: 9,
} as const;
export type WebsiteStatus = (typeof WebsiteStatus)[keyof typeof WebsiteStatus];
export const WEBSITE_STATUS_VALUES = Object.values(WebsiteStatus) as WebsiteStatus[];

/** Colour family of a badge; the web app maps it to its theme. */
export type BadgeTone = 'green' | 'yellow' | 'gray' | 'red' | 'blue';
export type StatusBadge = { label: string; tone: BadgeTone };

const WEBSITE_BADGES: Record<WebsiteStatus, StatusBadge> = {
  0: { label: 'Pending', tone: 'yellow' },
  1: { label: 'Approved', tone: 'green' },
  2: { label: 'Paused', tone: 'gray' },
  3: { label: 'Rejected', tone: 'red' },
  4: { label: 'Rejected', tone: 'red' },
  9: { label: 'Contact Us', tone: 'blue' },
};

/** The list badge of a website status (docs/product/websites.md#website-list Websites area); unknown values read 'Contact Us'. */
export function websiteStatusBadge(status: number): StatusBadge {
  return WEBSITE_BADGES[status as WebsiteStatus] ?? { label: 'Contact Us', tone: 'blue' };
}

export const isWebsiteApproved = (status: number) => status === WebsiteStatus.Active;

/**
 * The list order of docs/product/websites.md#website-list: by status (ascending value, so websites waiting for
 * verification or approval come first, then approved, paused, rejected, archived), then
 * newest date first. `date` is an ISO timestamp.
 */
export function compareWebsitesForList(a: { status: number; date: string }, b: { status: number; date: string }) {
  if (a.status !== b.status) return a.status - b.status;
  return b.date < a.date ? -1 : b.date > a.date ? 1 : 0;
}

export function sortWebsitesForList<T extends { status: number; date: string }>(rows: readonly T[]): T[] {
  return [...rows].sort(compareWebsitesForList);
}

// ---- Zone status -------------------------------------------------------------------------

/** Ad zone (tag) status. The spec names the states; the numbers mirror the website status. */
export const ZoneStatus = {
  Pending: 0,
  Active: 1,
  Paused: 2,
  Denied: 3,
  FraudDenied: 4,
  Disabled: 5,
  Archived: 9,
} as const;
export type ZoneStatus = (typeof ZoneStatus)[keyof typeof ZoneStatus];
export const ZONE_STATUS_VALUES = Object.values(ZoneStatus) as ZoneStatus[];

const ZONE_BADGES: Partial<Record<ZoneStatus, StatusBadge>> = {
  0: { label: 'Pending Approval', tone: 'yellow' },
  1: { label: 'Enabled', tone: 'green' },
  2: { label: 'Paused', tone: 'gray' },
  3: { label: 'Rejected', tone: 'red' },
  4: { label: 'Rejected', tone: 'red' },
  9: { label: 'Archived', tone: 'gray' },
};

/** Zone status label (docs/product/websites.md#statuses Ad zone): any other value reads 'Disabled'. */
export function zoneStatusBadge(status: number): StatusBadge {
  return ZONE_BADGES[status as ZoneStatus] ?? { label: 'Disabled', tone: 'gray' };
}

/**
 * What the zone table shows in its code column (docs/product/websites.md#ad-codes Websites area): the Get Code
 * button only when the website is approved and the zone Active; 'zone-inactive' when the
 * website is approved but the zone is not (the screen explains the zone's state); otherwise
 * a dash.
 */
export type ZoneCodeAction = 'get-code' | 'zone-inactive' | 'dash';
export function zoneCodeAction(websiteStatus: number, zoneStatus: number): ZoneCodeAction {
  if (!isWebsiteApproved(websiteStatus)) return 'dash';
  return zoneStatus === ZoneStatus.Active ? 'get-code' : 'zone-inactive';
}
export const canGetZoneCode = (websiteStatus: number, zoneStatus: number) =>
  zoneCodeAction(websiteStatus, zoneStatus) === 'get-code';

// ---- Zones and ad codes ------------------------------------------------------------------

/** Formats a zone can have; re-exported so screens label a zone's type from one place. */
export { AD_FORMAT_LABELS, AdFormat, DISPLAY_SIZES };

/** 'Banner 300x250', 'Sticky Banner', 'Native'. */
export function zoneTypeLabel(format: number, size: string | null): string {
  const label = AD_FORMAT_LABELS[format as AdFormat] ?? 'Zone';
  return size ? `${label} ${size}` : label;
}

/** Variants of an ad code: one per zone, and two for native (docs/product/limits.md#websites). */
export const SnippetVariant = { Default: 'default', Widget: 'widget', Alert: 'alert' } as const;
export type SnippetVariant = (typeof SnippetVariant)[keyof typeof SnippetVariant];

/** Minutes between two popunders shown to one visitor, written into the popunder code (docs/product/limits.md#websites). */
export const POPUNDER_INTERVAL = 5;

// ---- Ownership verification --------------------------------------------------------------

/** `<meta name="cryptads-site-verification" content="TOKEN">` in the home page, or ... */
export const VERIFICATION_META_NAME = 'cryptads-site-verification';
/** ... a file at this path of the site whose content is the token. */
export const VERIFICATION_FILE_PATH = '/.well-known/cryptads-verification.txt';

// ---- Limits, rules and texts -------------------------------------------------------------

export const WEBSITE_URL_MAX = URL_MAX;
export const ZONE_ALIAS_MAX = 100;
/** Steps of the add-website wizard (docs/product/limits.md#websites). */
export const WEBSITE_WIZARD_STEPS = ['Add Your Website', 'Owner Verification'] as const;

/** Rules a website must meet to be approved (docs/product/limits.md#websites), shown in the add-website wizard. */
export const WEBSITE_RULES = [
  'The website must be at least 3 months old.',
  'The website must have a valid SSL certificate.',
  'The website must have crypto or finance content.',
  'The domain must be purchased (no free subdomains).',
] as const;

export const WEBSITE_MESSAGES = {
  urlInvalid: 'Please enter the entire URL ...',
  urlTooLong: `Please use at most ${URL_MAX} characters.`,
  categoriesRequired: 'Please select at least one category.',
  categoryUnknown: 'Please choose categories from the list.',
  aliasRequired: 'Please enter a zone alias.',
  aliasTooLong: `Please use at most ${ZONE_ALIAS_MAX} characters.`,
  aliasesOrCategories: 'Please send either zone aliases or categories.',
  zoneUnknown: 'This zone does not belong to the website.',
  domainTaken: 'You have already added this website.',
  websiteArchived: 'This website is archived. Please contact us to make changes.',
  verificationFailed: "We couldn't validate your domain ownership. Please try again later...",
  alreadyVerified: 'Your website ownership is already verified.',
  // Success texts of docs/product/websites.md#messages.
  websiteAdded: 'Your website has been added.',
  websiteUpdated: 'Website successfully updated.',
  aliasSaved: 'Zone alias has been saved!',
  // Empty states and notes.
  noWebsites: 'You have not added any websites yet.',
  addWebsite: 'Add Website',
  awaitingApproval: 'Your ownership is verified. An account manager reviews your website within 1 business day.',
} as const;

// ---- Why an ownership check failed ----------------------------------------------------------

/** Why a fetch got no answer to read (the SSRF-safe fetch's refusals and the network's failures). */
export type VerificationUnreachable =
  | 'dns'
  | 'refused'
  | 'timeout'
  | 'connection'
  | 'blocked'
  | 'too-large'
  | 'too-many-redirects'
  | 'bad-redirect';

/**
 * What one fetch of an ownership check found: the home page (for the meta tag) and the
 * verification file are each fetched once. `url` is the address fetched; `finalUrl` where a
 * redirect ended, when it ended elsewhere.
 */
export type VerificationFinding =
  | { kind: 'meta-missing' | 'meta-other-token' | 'file-other-content'; url: string; finalUrl?: string | null }
  | { kind: 'http-status'; url: string; finalUrl?: string | null; status: number; file: boolean }
  | { kind: 'unreachable'; url: string; cause: VerificationUnreachable; host: string; seconds?: number };

const fetched = (f: { url: string; finalUrl?: string | null }) =>
  f.finalUrl && f.finalUrl !== f.url ? `We fetched ${f.url} (redirected to ${f.finalUrl})` : `We fetched ${f.url}`;

/** How a fetch that got nothing to read begins, and why (one clause). */
const UNREACHABLE: Record<
  VerificationUnreachable,
  { lead: string; why: (f: { host: string; seconds?: number }) => string }
> = {
  dns: { lead: 'We could not reach', why: ({ host }) => `the name ${host} does not resolve (DNS)` },
  refused: { lead: 'We could not reach', why: () => 'the connection was refused' },
  timeout: {
    lead: 'We could not reach',
    why: ({ seconds }) =>
      seconds ? `no answer within ${seconds} second${seconds === 1 ? '' : 's'}` : 'no answer in time',
  },
  connection: { lead: 'We could not reach', why: () => 'the connection failed' },
  blocked: { lead: 'We did not fetch', why: ({ host }) => `${host} is not a public internet address` },
  'too-large': { lead: 'We fetched', why: () => 'the answer is too large to read' },
  'too-many-redirects': { lead: 'We fetched', why: () => 'it redirected too many times' },
  'bad-redirect': { lead: 'We fetched', why: () => 'it redirected to an address we do not fetch' },
};

function findingSentence(f: VerificationFinding): string {
  switch (f.kind) {
    case 'meta-missing':
      return `${fetched(f)}: the page has no <meta name="${VERIFICATION_META_NAME}"> tag.`;
    case 'meta-other-token':
      return `${fetched(f)}: its ${VERIFICATION_META_NAME} meta tag holds another token.`;
    case 'file-other-content':
      return `${fetched(f)}: the file does not hold your token.`;
    case 'http-status':
      return f.status === 404 || f.status === 410
        ? `${fetched(f)}: the ${f.file ? 'file' : 'page'} was not found (HTTP ${f.status}).`
        : `${fetched(f)}: it answered HTTP ${f.status}.`;
    case 'unreachable':
      return `${UNREACHABLE[f.cause].lead} ${f.url}: ${UNREACHABLE[f.cause].why(f)}.`;
  }
}

/**
 * The reason of a failed ownership check: the product's sentence, then what each fetch found,
 * with the address fetched. Two fetches that could not reach the site for the same reason read
 * as one sentence ('We could not reach https://a.example/ or https://a.example/.well-known/…:
 * the name a.example does not resolve (DNS).').
 */
export function verificationFailure(findings: readonly VerificationFinding[]): string {
  const sentences: string[] = [];
  for (let i = 0; i < findings.length; i++) {
    const f = findings[i] as VerificationFinding;
    const next = findings[i + 1];
    if (
      f.kind === 'unreachable' &&
      next?.kind === 'unreachable' &&
      next.cause === f.cause &&
      next.host === f.host &&
      UNREACHABLE[f.cause].lead !== 'We fetched'
    ) {
      sentences.push(`${UNREACHABLE[f.cause].lead} ${f.url} or ${next.url}: ${UNREACHABLE[f.cause].why(f)}.`);
      i++;
    } else sentences.push(findingSentence(f));
  }
  return [WEBSITE_MESSAGES.verificationFailed, ...sentences].join(' ');
}

/**
 * The URL rule of docs/product/websites.md#add-website: required, with http:// or https:// in front, a host name, at
 * most 256 characters. Pure so the form and the server agree.
 */
export function isEntireWebsiteUrl(value: string): boolean {
  const text = value.trim();
  if (text.length === 0 || text.length > URL_MAX) return false;
  if (!/^https?:\/\/[^\s]+$/i.test(text)) return false;
  try {
    const url = new URL(text);
    if (url.username || url.password) return false;
    // A host with a dot (example.com, 127.0.0.1) or an IPv6 literal: "localhost" or "foo" is not a website.
    return url.hostname.includes('.') || url.hostname.startsWith('[');
  } catch {
    return false;
  }
}

/** The domain a website is known by: lower-case host name without a leading 'www.'. */
export function websiteDomain(value: string): string {
  const host = new URL(value.trim()).hostname.toLowerCase();
  return host.startsWith('www.') ? host.slice(4) : host;
}

// ---- ads.txt and sellers.json (docs/product/programmatic.md) --------------------------------

/** Where a website's ads.txt answers (IAB ads.txt 1.1: at the root of the site). */
export const ADS_TXT_PATH = '/ads.txt';

/** What a website's ads.txt says about our line; null in the API until the first check. */
export const AdsTxtStatus = { Present: 'present', Missing: 'missing', Wrong: 'wrong' } as const;
export type AdsTxtStatus = (typeof AdsTxtStatus)[keyof typeof AdsTxtStatus];
export const ADS_TXT_STATUS_VALUES = Object.values(AdsTxtStatus) as AdsTxtStatus[];

const ADS_TXT_BADGES: Record<AdsTxtStatus, StatusBadge> = {
  present: { label: 'Line present', tone: 'green' },
  missing: { label: 'Line missing', tone: 'yellow' },
  wrong: { label: 'Line wrong', tone: 'red' },
};
/** The badge of an ads.txt state; a website never checked reads 'Not checked yet'. */
export function adsTxtStatusBadge(status: AdsTxtStatus | null): StatusBadge {
  return status ? ADS_TXT_BADGES[status] : { label: 'Not checked yet', tone: 'gray' };
}

/** Why a check ended as it did (stored with the result; the sentence is ADS_TXT_REASONS'). */
export const AdsTxtReason = {
  Found: 'found',
  NoFile: 'no-file',
  NotText: 'not-text',
  Unreachable: 'unreachable',
  NoLine: 'no-line',
  OtherSellerId: 'other-seller-id',
  Relationship: 'relationship',
} as const;
export type AdsTxtReason = (typeof AdsTxtReason)[keyof typeof AdsTxtReason];
export const ADS_TXT_REASON_VALUES = Object.values(AdsTxtReason) as AdsTxtReason[];

/** The status each reason belongs to. */
export const ADS_TXT_REASON_STATUS: Record<AdsTxtReason, AdsTxtStatus> = {
  found: 'present',
  'no-file': 'missing',
  'not-text': 'missing',
  unreachable: 'missing',
  'no-line': 'missing',
  'other-seller-id': 'wrong',
  relationship: 'wrong',
};

/** The sentence of each reason; `domain` is our advertising-system domain, `url` the file checked. */
export function adsTxtReasonText(reason: AdsTxtReason, domain: string, url: string): string {
  switch (reason) {
    case 'found':
      return `${url} authorises us: it has the line for ${domain} with your seller ID, as DIRECT.`;
    case 'no-file':
      return `There is no ads.txt file at ${url}.`;
    case 'not-text':
      return `${url} answers a web page, not a plain-text ads.txt file.`;
    case 'unreachable':
      return `We could not reach ${url}: the website did not answer in time or refused the connection.`;
    case 'no-line':
      return `${url} has no line for ${domain}.`;
    case 'other-seller-id':
      return `${url} has a line for ${domain} with another seller ID than yours.`;
    case 'relationship':
      return `${url} has a line for ${domain} with your seller ID, but not as DIRECT.`;
  }
}

/**
 * The line a publisher adds to their ads.txt (IAB ads.txt 1.1): our domain, their seller id,
 * DIRECT, and our certification authority id (TAG-ID) when we have one.
 */
export function adsTxtLine(domain: string, sellerId: string, certificationId: string | null): string {
  return [domain, sellerId, 'DIRECT', ...(certificationId ? [certificationId] : [])].join(', ');
}

/** A 'wrong' line is quoted up to this many characters. */
export const ADS_TXT_QUOTE_MAX = 300;
/** ads.txt checks a publisher may ask for per minute, from one address (the daily check runs anyway). */
export const ADS_TXT_CHECKS_PER_MINUTE = 6;

export const ADS_TXT_MESSAGES = {
  title: 'ads.txt',
  intro: 'Add this line to the ads.txt file at the root of your website, so buyers know we may sell its ad space.',
  lineLabel: 'Your ads.txt line',
  checkNow: 'Check now',
  checked: 'ads.txt checked.',
  neverChecked: 'We check every approved website once a day. Press Check now after you add the line.',
  foundLine: 'The line we found',
  lastChecked: (when: string) => `Last checked ${when}. We check approved websites once a day.`,
  loadFailed: 'We could not load your ads.txt line',
} as const;

/** The seller listing setting (docs/product/programmatic.md#sellersjson): publishers only. */
export const SELLER_LISTING_MESSAGES = {
  title: 'sellers.json listing',
  intro:
    'Our sellers.json file tells buyers who sells the ad space they bid on. Each publisher with an approved website is listed with a seller ID of its own.',
  confidentialLabel: 'List me as confidential',
  confidentialDescription:
    'Buyers then see your seller ID only: your name and your website’s domain are left out of sellers.json. Until you choose, a person is listed as confidential and a company (the company name of your billing details) by name.',
  saved: 'Your sellers.json listing has been saved.',
  notListed: 'You are not listed yet: your listing appears once one of your websites is approved.',
  listedConfidential: 'Buyers see your seller ID only.',
  listedAs: (name: string, domain: string) => `Buyers see your seller ID with ${name} and ${domain}.`,
  sellerIdLabel: 'Your seller ID',
  fileLink: 'Open our sellers.json',
} as const;
