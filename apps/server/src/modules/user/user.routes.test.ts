import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES } from '@cryptads/contract/api';
import { readAnswer } from '@cryptads/contract/money-schema';
import { eurosToMicros } from '@cryptads/contract/money';
import { UserDetailsSchema } from '@cryptads/contract/user';
import { randomToken } from '../../lib/crypto';
import { bearer, body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { depositFor } from '../ledger/test-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

const getUser = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/api/user', headers });

describe('GET /api/user', () => {
  it('answers the user details of the caller', async () => {
    const { headers, email, user } = await loginAs(app, 'advertiser');
    const res = await getUser(headers);
    expect(res.statusCode).toBe(200);
    const env = body(res);
    expect(env).toMatchObject({ code: 200, reason: null });
    const details = readAnswer(UserDetailsSchema.strict(), env.response);
    expect(details).toEqual({
      alias: 'Ada Tester',
      firstName: 'Ada',
      lastName: 'Tester',
      email,
      type: 1,
      balance: 0,
      kycVerified: 0,
      pendingDelete: false,
      delete: null,
      currentSignedTerms: null,
      com: user.com,
      campaigns: { active: 0, paused: 0, pending: 0, total: 0 },
      overrideRedirecting: false,
      secureStatus: 0,
    });
  });

  it('answers the account type of a publisher', async () => {
    const { headers } = await loginAs(app, 'publisher');
    expect(readAnswer(UserDetailsSchema, body(await getUser(headers)).response).type).toBe(2);
  });

  it('shows the balance in euros, rounded for display, after a deposit', async () => {
    const { headers, user } = await loginAs(app, 'advertiser');
    await depositFor(app, user.id, eurosToMicros(1234.565));
    expect(readAnswer(UserDetailsSchema, body(await getUser(headers)).response).balance).toBe(1234.57);
  });

  it("never shows one user another user's data", async () => {
    const ada = await loginAs(app, 'advertiser');
    const paul = await loginAs(app, 'publisher');
    await depositFor(app, ada.user.id, eurosToMicros(50));
    const adaSees = readAnswer(UserDetailsSchema, body(await getUser(ada.headers)).response);
    const paulSees = readAnswer(UserDetailsSchema, body(await getUser(paul.headers)).response);
    expect(adaSees).toMatchObject({ email: ada.email, type: 1, balance: 50 });
    expect(paulSees).toMatchObject({ email: paul.email, type: 2, balance: 0 });
  });

  it.each([
    ['no token', {}],
    ['a garbage token', bearer('garbage')],
    ['a well-formed token that was never issued', bearer(randomToken())],
    ['a token over 128 characters', bearer('x'.repeat(200))],
    ['a non-bearer scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ])('answers 401 in the envelope with %s', async (_why, headers) => {
    const res = await getUser(headers);
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ code: 401, response: null, reason: GENERIC_MESSAGES.unauthorized });
  });
});
