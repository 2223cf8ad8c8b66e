import type { APIRequestContext } from '@playwright/test';
import { generate } from 'otplib';

export const STRONG_PASSWORD = 'E2e!Passw0rd';

let n = 0;
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${n++}@e2e.example`;

type Envelope<T> = { code: number; response: T; reason: string | null };

/** The browser session's cookie (docs/decisions/034-browser-session-cookie.md). */
export const SESSION_COOKIE = 'cryptads_session';

/**
 * Calls the API as a program does. `sessionToken` is the token a login or sign-up set in its
 * HttpOnly cookie (never in the body), to send back as a bearer; '' when it set none.
 */
export async function api<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: { token?: string; data?: unknown } = {},
) {
  const res = await request.fetch(`/api${path}`, {
    method,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    ...(opts.data !== undefined ? { data: opts.data } : {}),
  });
  const sessionToken =
    res
      .headersArray()
      .filter((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith(`${SESSION_COOKIE}=`))
      .map((h) => decodeURIComponent(h.value.slice(SESSION_COOKIE.length + 1).split(';')[0] ?? ''))[0] ?? '';
  return { status: res.status(), body: (await res.json()) as Envelope<T>, sessionToken };
}

/** The newest mail to an address, read from the dev mailbox the outbox transport serves. */
export async function latestMail(request: APIRequestContext, to: string) {
  const { body } = await api<{ subject: string; text: string }[]>(
    request,
    'GET',
    `/dev/mailbox?to=${encodeURIComponent(to)}`,
  );
  return body.response[0] ?? null;
}

/** Waits for a verification mail and returns its six-digit code. */
export async function verificationCode(request: APIRequestContext, to: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mail = await latestMail(request, to);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no verification mail for ${to}`);
}

/** A verified account made through the public API, the way the sign-up screen does it. */
export async function createVerifiedUser(request: APIRequestContext, role: 'advertiser' | 'publisher') {
  const email = uniqueEmail(role);
  const reg = await api(request, 'POST', '/register', {
    data: {
      email,
      firstName: 'E2e',
      lastName: role === 'advertiser' ? 'Advertiser' : 'Publisher',
      userType: role === 'advertiser' ? 1 : 2,
      password: STRONG_PASSWORD,
      captcha: 'none',
    },
  });
  if (reg.status !== 200) throw new Error(`register failed: ${reg.body.reason}`);
  const token = reg.sessionToken;
  const code = await verificationCode(request, email);
  const ver = await api(request, 'POST', '/user/emailVerification/validate', { token, data: { code } });
  if (ver.status !== 200) throw new Error(`verification failed: ${ver.body.reason}`);
  return { email, password: STRONG_PASSWORD, token };
}

/** Turns two-factor on through the API, as an authenticator app would; returns the secret. */
export async function enableTwoFactor(request: APIRequestContext, token: string) {
  const req = await api<{ secret: string }>(request, 'GET', '/user/twoFactor/request', { token });
  const secret = req.body.response.secret;
  const res = await api(request, 'POST', '/user/twoFactor/validate', { token, data: { code: await totp(secret) } });
  if (res.status !== 200) throw new Error(`enabling 2FA failed: ${res.body.reason}`);
  return secret;
}

/**
 * A code for the next 30-second step, which the server accepts (±1 step) and which was
 * never used before (the step that enabled 2FA is the current one).
 */
export const totp = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
