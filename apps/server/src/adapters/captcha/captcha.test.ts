import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createCaptcha } from './captcha';

const turnstileConfig = loadConfig({
  NODE_ENV: 'test',
  CAPTCHA_PROVIDER: 'turnstile',
  CAPTCHA_SITE_KEY: 'site',
  CAPTCHA_SECRET: 'secret',
});

/** Turnstile's verify endpoint is outside our process: a stand-in answers like it. */
function fakeTurnstile(success: boolean, seen: { body?: string } = {}): typeof fetch {
  return (async (_url: string | URL | Request, init?: RequestInit) => {
    seen.body = String(init?.body);
    return new Response(JSON.stringify({ success }), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

describe('captcha adapter', () => {
  it('accepts any non-empty token with provider none, and refuses an empty one', async () => {
    const captcha = createCaptcha(loadConfig({ NODE_ENV: 'test' }));
    expect(captcha.provider).toBe('none');
    expect(await captcha.verify('anything', '127.0.0.1')).toBe(true);
    expect(await captcha.verify('', '127.0.0.1')).toBe(false);
  });

  it('asks Turnstile with the secret, the token and the client IP', async () => {
    const seen: { body?: string } = {};
    const captcha = createCaptcha(turnstileConfig, fakeTurnstile(true, seen));
    expect(await captcha.verify('tok', '10.1.2.3')).toBe(true);
    const sent = new URLSearchParams(seen.body);
    expect(sent.get('secret')).toBe('secret');
    expect(sent.get('response')).toBe('tok');
    expect(sent.get('remoteip')).toBe('10.1.2.3');
  });

  it('refuses when Turnstile says no or cannot be reached', async () => {
    expect(await createCaptcha(turnstileConfig, fakeTurnstile(false)).verify('tok', '1.1.1.1')).toBe(false);
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    expect(await createCaptcha(turnstileConfig, down).verify('tok', '1.1.1.1')).toBe(false);
  });
});
