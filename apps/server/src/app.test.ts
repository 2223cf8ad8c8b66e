import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from './app';
import { currentTotp } from './lib/totp';
import { bearer, body, codeFromMail, lastMailTo, registerViaApi, sessionTokenOf } from './testing/helpers';
import { createTestApp, type TestApp } from './testing/test-app';

/** Everything the server writes to its log, with the production logger settings. */
const logLines: string[] = [];
const stream = { write: (line: string) => void logLines.push(line) };

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp(
    { AUTH_RATE_LIMIT_MAX: '1000', PUBLIC_URL: 'https://ads.example' },
    { logger: (config) => ({ ...loggerOptions(config), level: 'info', stream }) },
  );
});
afterAll(async () => {
  await app.closeAll();
});

describe('the server log', () => {
  it('contains no password, code or token after a whole sign-up, login and recovery', async () => {
    const secrets: string[] = [];
    const keep = <T extends string>(s: T) => {
      secrets.push(s);
      return s;
    };
    const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url, payload, headers, remoteAddress: '198.51.100.4' });

    // Sign-up and email verification.
    const { token: signupToken, email, password } = await registerViaApi(app);
    keep(signupToken);
    keep(password);
    const code = keep(codeFromMail(await lastMailTo(app, email)));
    await post(
      '/api/user/emailVerification/validate',
      { code: code === '000000' ? '111111' : '000000' },
      bearer(signupToken),
    );
    expect((await post('/api/user/emailVerification/validate', { code }, bearer(signupToken))).statusCode).toBe(200);

    // Login, a wrong password, and two-factor.
    await post('/api/login', { email, password: keep('Wrong!Passw0rd'), captcha: 'x' });
    const login = await post('/api/login', { email, password, captcha: 'x' });
    const token = keep(sessionTokenOf(login));
    const headers = { ...bearer(token), cookie: `session=${token}` };
    const setup = body<{ secret: string }>(
      await app.inject({ method: 'GET', url: '/api/user/twoFactor/request', headers }),
    ).response;
    keep(setup.secret);
    const enableCode = keep(await currentTotp(setup.secret, Math.floor(Date.now() / 1000) - 30));
    expect((await post('/api/user/twoFactor/validate', { code: enableCode }, headers)).statusCode).toBe(200);
    const challenge = await post('/api/login', { email, password, captcha: 'x' });
    const credentialsToken = keep(body<{ credentialsToken: string }>(challenge).response.credentialsToken);
    const loginCode = keep(await currentTotp(setup.secret));
    const second = await post('/api/login', { credentialsToken, twoFactorCode: loginCode, captcha: 'x' });
    keep(sessionTokenOf(second));

    // Recovery, including the page the link opens.
    await post('/api/recovery', { email, captcha: 'x' });
    const link = (await lastMailTo(app, email))?.text.match(/https:\/\/ads\.example(\/password-recovery\/(\S+))/);
    const recoveryCode = keep(link?.[2] ?? '');
    await app.inject({ method: 'GET', url: link?.[1] ?? '/' });
    const newPassword = keep('N3w!Password');
    const reset = await post('/api/recovery-validate', { code: recoveryCode, password: newPassword, captcha: 'x' });
    expect(reset.statusCode).toBe(200);

    const log = logLines.join('');
    expect(log).toContain('/api/recovery-validate');
    expect(log).toContain('/password-recovery/[redacted]');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThanOrEqual(6);
      // Six digits can occur inside a timestamp by chance; a leaked code stands on its own.
      if (/^\d+$/.test(secret)) expect(log).not.toMatch(new RegExp(`(?<!\\d)${secret}(?!\\d)`));
      else expect(log).not.toContain(secret);
    }
  });
});
