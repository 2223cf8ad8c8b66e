import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES as M, type CampaignPreview, type Sharing } from '@cryptads/contract/campaigns';
import { SESSION_COOKIE } from '@cryptads/contract/session';
import { createSession, revokeSession } from '../sessions/sessions.service';
import { userChanged } from '../sessions/cache';
import { bearer, body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createCampaign, tempDataDir } from './test-helpers';

/**
 * GET /campaignSharing/{permalink} is public, and its owner sees the preview while sharing is
 * off. The owner's browser is signed in by its HttpOnly cookie (docs/decisions/034), so the
 * identity must come from the auth check, cookie or bearer alike, never from the route.
 */

/** What a signed-in browser sends on a same-origin page load. */
const browser = (token: string) => ({ cookie: `${SESSION_COOKIE}=${token}`, 'sec-fetch-site': 'same-origin' });

describe('campaign preview: the owner’s session, from the cookie or a bearer header', () => {
  let app: TestApp;
  let dir: string;
  let owner: Awaited<ReturnType<typeof loginAs>>;
  let url: string;
  let id: number;

  beforeAll(async () => {
    dir = tempDataDir();
    app = await createTestApp({ DATA_DIR: dir });
    owner = await loginAs(app, 'advertiser');
    id = await createCampaign(app, owner.headers, 'display', { name: 'Not shared' });
    const sharing = await app.inject({ method: 'GET', url: `/api/campaigns/${id}/sharing`, headers: owner.headers });
    const { status, permalink } = body<Sharing>(sharing).response;
    expect(status).toBe(false);
    url = `/api/campaignSharing/${encodeURIComponent(permalink)}`;
  });
  afterAll(async () => {
    await app.closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  const unavailable = (res: { statusCode: number; body: string }) => {
    expect(res.statusCode).toBe(404);
    expect(body(res).reason).toBe(M.previewUnavailable);
  };

  it('shows the owner the preview of a campaign whose sharing is off, signed in by the cookie', async () => {
    const res = await app.inject({ method: 'GET', url, headers: browser(owner.token) });
    expect(res.statusCode).toBe(200);
    expect(body<CampaignPreview>(res).response).toMatchObject({ id, name: 'Not shared', sharingEnabled: false });
  });

  it('shows it to the owner calling with a bearer header as well', async () => {
    expect((await app.inject({ method: 'GET', url, headers: owner.headers })).statusCode).toBe(200);
  });

  it('answers "not available" to anonymous callers and to every other account', async () => {
    unavailable(await app.inject({ method: 'GET', url }));
    const other = await loginAs(app, 'advertiser');
    unavailable(await app.inject({ method: 'GET', url, headers: browser(other.token) }));
    unavailable(await app.inject({ method: 'GET', url, headers: bearer(other.token) }));
    const publisher = await loginAs(app, 'publisher');
    unavailable(await app.inject({ method: 'GET', url, headers: browser(publisher.token) }));
  });

  it('treats a session that is over, or one that may only confirm the email, as anonymous', async () => {
    unavailable(await app.inject({ method: 'GET', url, headers: browser('not-a-session') }));
    // A session of the owner that may only confirm the email does not count as signed in.
    const pending = await createSession(app.ctx.db, {
      userId: owner.user.id,
      scope: 'verification',
      rememberMe: false,
      meta: { ip: '127.0.0.1', userAgent: 'vitest' },
    });
    unavailable(await app.inject({ method: 'GET', url, headers: browser(pending.token) }));
    // A revoked session of the owner: anonymous, not a 401 on a public page.
    const ended = await createSession(app.ctx.db, {
      userId: owner.user.id,
      scope: 'full',
      rememberMe: false,
      meta: { ip: '127.0.0.1', userAgent: 'vitest' },
    });
    expect((await app.inject({ method: 'GET', url, headers: browser(ended.token) })).statusCode).toBe(200);
    await revokeSession(app.ctx.db, ended.session.id);
    await userChanged(app.ctx, owner.user.id);
    unavailable(await app.inject({ method: 'GET', url, headers: browser(ended.token) }));
  });

  it('shows a shared preview to everyone, the owner included', async () => {
    await app.inject({
      method: 'POST',
      url: `/api/campaigns/${id}/sharing`,
      headers: owner.headers,
      payload: { status: true },
    });
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const other = await loginAs(app, 'advertiser');
    expect((await app.inject({ method: 'GET', url, headers: browser(other.token) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url, headers: browser(owner.token) })).statusCode).toBe(200);
  });
});
