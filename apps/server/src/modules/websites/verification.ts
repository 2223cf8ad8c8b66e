import { VERIFICATION_FILE_PATH, VERIFICATION_META_NAME } from '@cryptads/contract/websites';
import { safeFetch } from '../../lib/safe-fetch';

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

/** True when the page holds <meta name="cryptads-site-verification" content="TOKEN">. */
export function pageHasVerificationMeta(html: string, token: string): boolean {
  for (const m of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attrs = attributes(m[0]);
    if (attrs.get('name')?.toLowerCase() === VERIFICATION_META_NAME && attrs.get('content') === token) return true;
  }
  return false;
}

async function fetchText(url: string, settings: VerificationSettings): Promise<string | null> {
  try {
    const res = await safeFetch(url, { allowPrivate: settings.allowPrivate, timeoutMs: settings.timeoutMs });
    return res.status >= 200 && res.status < 300 ? res.body : null;
  } catch {
    // Unreachable, refused address, too slow or too large: the check simply fails.
    return null;
  }
}

/**
 * Whether the site proves ownership with the token, in the home page's meta tag or in the
 * well-known file. Both are fetched at the same time so one check takes at most one timeout.
 */
export async function checkOwnership(siteUrl: string, token: string, settings: VerificationSettings): Promise<boolean> {
  const origin = new URL(siteUrl).origin;
  const [home, file] = await Promise.all([
    fetchText(`${origin}/`, settings),
    fetchText(`${origin}${VERIFICATION_FILE_PATH}`, settings),
  ]);
  if (file !== null && file.trim() === token) return true;
  return home !== null && pageHasVerificationMeta(home, token);
}
