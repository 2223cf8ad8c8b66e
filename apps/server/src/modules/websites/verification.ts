import {
  VERIFICATION_FILE_PATH,
  VERIFICATION_META_NAME,
  type VerificationFinding,
  type VerificationUnreachable,
} from '@cryptads/contract/websites';
import { SafeFetchError, type SafeFetchErrorKind, safeFetch } from '../../lib/safe-fetch';

export type VerificationSettings = { allowPrivate: boolean; timeoutMs: number };

/** Attributes of one tag: name → value (quoted with " or ', or bare). */
function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g;
  for (const m of tag.matchAll(pattern)) {
    const name = m[1]?.toLowerCase();
    if (name && !found.has(name)) found.set(name, (m[2] ?? m[3] ?? m[4] ?? '').trim());
  }
  return found;
}

/**
 * True when the page holds <meta name="cryptads-site-verification" content="TOKEN">; with a null
 * token, when it holds that meta tag with any content.
 */
export function pageHasVerificationMeta(html: string, token: string | null): boolean {
  for (const m of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attrs = attributes(m[0]);
    if (attrs.get('name')?.toLowerCase() !== VERIFICATION_META_NAME) continue;
    if (token === null || attrs.get('content') === token) return true;
  }
  return false;
}

type Fetched =
  | { ok: true; status: number; body: string; finalUrl: string }
  | { ok: false; finding: VerificationFinding };

const UNREACHABLE_BY_KIND: Record<Exclude<SafeFetchErrorKind, 'network'>, VerificationUnreachable> = {
  dns: 'dns',
  timeout: 'timeout',
  'blocked-address': 'blocked',
  'too-large': 'too-large',
  'too-many-redirects': 'too-many-redirects',
  // The address given is checked when the website is added: here, a redirect to a non-http(s) one.
  'invalid-url': 'bad-redirect',
};

/** One fetch of the check: the answer, or why there is none to read (never an exception). */
async function fetchForCheck(url: string, settings: VerificationSettings): Promise<Fetched> {
  try {
    const res = await safeFetch(url, { allowPrivate: settings.allowPrivate, timeoutMs: settings.timeoutMs });
    return { ok: true, status: res.status, body: res.body, finalUrl: res.url };
  } catch (error) {
    const host = new URL(url).hostname;
    const cause: VerificationUnreachable =
      error instanceof SafeFetchError
        ? error.kind === 'network'
          ? error.code === 'ECONNREFUSED'
            ? 'refused'
            : 'connection'
          : UNREACHABLE_BY_KIND[error.kind]
        : 'connection';
    return {
      ok: false,
      finding: { kind: 'unreachable', url, cause, host, seconds: Math.ceil(settings.timeoutMs / 1000) },
    };
  }
}

const isSuccess = (status: number) => status >= 200 && status < 300;

export type OwnershipCheck = { verified: true } | { verified: false; findings: VerificationFinding[] };

/**
 * Whether the site proves ownership with the token, in the home page's meta tag or in the
 * well-known file, and otherwise what each fetch found (the page without the tag, the file not
 * found, the site unreachable...) with the address fetched. Both are fetched at the same time
 * so one check takes at most one timeout.
 */
export async function checkOwnership(
  siteUrl: string,
  token: string,
  settings: VerificationSettings,
): Promise<OwnershipCheck> {
  const origin = new URL(siteUrl).origin;
  const homeUrl = `${origin}/`;
  const fileUrl = `${origin}${VERIFICATION_FILE_PATH}`;
  const [home, file] = await Promise.all([fetchForCheck(homeUrl, settings), fetchForCheck(fileUrl, settings)]);
  if (file.ok && isSuccess(file.status) && file.body.trim() === token) return { verified: true };
  if (home.ok && isSuccess(home.status) && pageHasVerificationMeta(home.body, token)) return { verified: true };

  const redirected = (f: { finalUrl: string }, url: string) => (f.finalUrl !== url ? f.finalUrl : null);
  const findings: VerificationFinding[] = [];
  if (!home.ok) findings.push(home.finding);
  else if (!isSuccess(home.status))
    findings.push({
      kind: 'http-status',
      url: homeUrl,
      finalUrl: redirected(home, homeUrl),
      status: home.status,
      file: false,
    });
  else
    findings.push({
      kind: pageHasVerificationMeta(home.body, null) ? 'meta-other-token' : 'meta-missing',
      url: homeUrl,
      finalUrl: redirected(home, homeUrl),
    });
  if (!file.ok) findings.push(file.finding);
  else if (!isSuccess(file.status))
    findings.push({
      kind: 'http-status',
      url: fileUrl,
      finalUrl: redirected(file, fileUrl),
      status: file.status,
      file: true,
    });
  else findings.push({ kind: 'file-other-content', url: fileUrl, finalUrl: redirected(file, fileUrl) });
  return { verified: false, findings };
}
