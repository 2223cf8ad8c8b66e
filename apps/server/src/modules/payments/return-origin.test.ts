import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Referral } from '@cryptads/contract/referral';
import { deposit, depositor, pressSandboxButton } from './test-helpers';
import { body } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Without PUBLIC_URL, a person may open the product at http://127.0.0.1:PORT or
 * http://localhost:PORT: two origins, two cookie jars. Links that bring the browser back
 * (payment page, return, referral link) stay on the origin the person used.
 */
describe('links back to the product without PUBLIC_URL', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ PORT: '3000' });
  });
  afterAll(async () => {
    await app.closeAll();
  });

  const depositThrough = async (host: string) => {
    const session = await depositor(app);
    const started = await deposit(app, { ...session.headers, host }, 'card', 100);
    expect(started.status).toBe(200);
    return started;
  };

  it('sends a card deposit opened at 127.0.0.1 to a payment page on 127.0.0.1, which returns there', async () => {
    const started = await depositThrough('127.0.0.1:3000');
    expect(started.url).toBe(`http://127.0.0.1:3000/sandbox/pay/${started.paymentId}`);
    const back = await pressSandboxButton(app, started.paymentId, 'pay');
    // A relative redirect from a page on 127.0.0.1 stays on 127.0.0.1, with its session cookie.
    expect(back.location).toMatch(/^\/billing\/deposit\/card-payment\?payment=success/);
  });

  it('keeps a deposit opened at localhost on localhost', async () => {
    const started = await depositThrough('localhost:3000');
    expect(started.url).toBe(`http://localhost:3000/sandbox/pay/${started.paymentId}`);
  });

  it('never follows a Host header that does not name this machine', async () => {
    const started = await depositThrough('attacker.example');
    expect(started.url).toBe(`http://localhost:3000/sandbox/pay/${started.paymentId}`);
  });

  it('gives the referral link on the origin the person opened', async () => {
    const session = await depositor(app);
    const res = await app.inject({
      method: 'GET',
      url: '/api/user/referral',
      headers: { ...session.headers, host: '127.0.0.1:3000' },
    });
    expect(body<Referral>(res).response.inviteLink).toMatch(/^http:\/\/127\.0\.0\.1:3000\/signup\//);
  });
});

describe('links back to the product with PUBLIC_URL', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ PUBLIC_URL: 'https://ads.example' });
  });
  afterAll(async () => {
    await app.closeAll();
  });

  it('uses PUBLIC_URL whatever Host the request carries', async () => {
    const session = await depositor(app);
    const started = await deposit(app, { ...session.headers, host: '127.0.0.1:3000' }, 'card', 100);
    expect(started.url).toBe(`https://ads.example/sandbox/pay/${started.paymentId}`);
  });
});
