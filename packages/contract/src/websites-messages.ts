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
