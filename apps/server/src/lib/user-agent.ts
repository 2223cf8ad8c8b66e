import UAParser from 'ua-parser-js';

export type ParsedAgent = {
  device: string;
  os: string | null;
  osVersion: string | null;
  browser: string | null;
  browserVersion: string | null;
};

/** What the access log shows about a login's device. */
export function parseUserAgent(userAgent: string | undefined): ParsedAgent {
  const r = new UAParser(userAgent ?? '').getResult();
  const kind = r.device.type === 'mobile' ? 'Mobile' : r.device.type === 'tablet' ? 'Tablet' : 'Desktop';
  const os = r.os.name ?? null;
  const browser = r.browser.name ?? null;
  const device = [browser, os ? `on ${os}` : null].filter(Boolean).join(' ') || kind;
  return {
    device: `${kind} · ${device}`,
    os,
    osVersion: r.os.version ?? null,
    browser,
    browserVersion: r.browser.version ?? null,
  };
}
