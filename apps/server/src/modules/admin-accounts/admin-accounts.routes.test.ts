import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACCOUNT_MESSAGES } from '@cryptads/contract/admin-messages';
import { AppCode } from '@cryptads/contract/app-codes';
import { CampaignStatus } from '@cryptads/contract/campaigns';
import { buildPath } from '@cryptads/contract/endpoint';
import {
  type AdminAccountDetail,
  type AdminAccountRow,
  type AdminActionResult,
  type Approval,
  type AuditEntry,
  adminAccountsEndpoints,
} from '@cryptads/contract/endpoints/admin-accounts';
import { campaigns } from '../../db/schema/campaigns';
import { websites } from '../../db/schema/websites';
import { eurosToMicros } from '@cryptads/contract/money';
import { runOperatorCommand } from '../../operator/run';
import { INSUFFICIENT_BALANCE } from '../ledger/ledger.service';
import { body, loginAs, loginAsOperator, uniqueEmail } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

let app: TestApp;
let op: Awaited<ReturnType<typeof loginAsOperator>>;
let op2: Awaited<ReturnType<typeof loginAsOperator>>;
beforeAll(async () => {
  app = await createTestApp();
  op = await loginAsOperator(app, { twoFactor: true });
  op2 = await loginAsOperator(app, { twoFactor: true });
});
afterAll(async () => {
  await app.closeAll();
});

type Headers = Record<string, string>;
const get = async <T>(url: string, headers: Headers) => {
  const res = await app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, ...body<T>(res) };
};
const post = async <T = AdminActionResult>(url: string, headers: Headers, payload?: object) => {
  const res = await app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, ...body<T>(res) };
};
const detail = async (id: number) => (await get<AdminAccountDetail>(`/api/admin/accounts/${id}`, op.headers)).response;
const audit = async (query: string) =>
  (await get<{ items: AuditEntry[]; total: number }>(`/api/admin/audit?${query}`, op.headers)).response;

const validBodies: Record<string, object | undefined> = {
  disable: { reason: 'fraud' },
  credit: { euros: 1, reason: 'goodwill' },
  adjust: { euros: 1, reason: 'correction' },
  publishTerms: { markdown: '# Terms\n\nThese are the terms of the service, long enough.' },
  publishAnnouncement: { title: 'Hello', content: 'World' },
  reject: { reason: 'no' },
  referralShare: { percent: 5 },
};

describe('admin accounts API: who may call it', () => {
  const cases = Object.entries(adminAccountsEndpoints);

  it.each(cases)('%s refuses customers, operators without two-factor and anonymous callers', async (name, endpoint) => {
    const url = `/api${buildPath(endpoint.path, { id: 1, websiteId: 1, campaignId: 1 })}`;
    const payload = validBodies[name];
    const call = (headers: Headers) =>
      app.inject({
        method: endpoint.method,
        url,
        headers,
        ...(payload && endpoint.method !== 'GET' ? { payload } : {}),
      });
    const advertiser = await loginAs(app, 'advertiser');
    const publisher = await loginAs(app, 'publisher');
    const noTwoFactor = await loginAsOperator(app, { twoFactor: false });
    expect((await call(advertiser.headers)).statusCode).toBe(403);
    expect((await call(publisher.headers)).statusCode).toBe(403);
    const setup = await call(noTwoFactor.headers);
    expect(setup.statusCode).toBe(403);
    expect(body(setup).code).toBe(AppCode.TwoFactorSetupRequired);
    expect((await call({})).statusCode).toBe(401);
  });
});

describe('admin accounts API', () => {
  it('searches by email substring in any case, by name and by exact id, with a type filter', async () => {
    const email = uniqueEmail('findme');
    const ad = await loginAs(app, 'advertiser', { email });
    const byEmail = await get<{ items: AdminAccountRow[]; total: number }>(
      `/api/admin/accounts?q=${encodeURIComponent(email.slice(0, 12).toUpperCase())}`,
      op.headers,
    );
    expect(byEmail.status).toBe(200);
    expect(byEmail.response.items.map((i) => i.email)).toContain(email);
    const row = byEmail.response.items.find((i) => i.email === email);
    expect(row).toMatchObject({
      id: ad.user.id,
      type: 1,
      disabled: false,
      balanceMicros: '0',
      twoFactor: false,
      identity: 'unverified',
    });
    const byId = await get<{ items: AdminAccountRow[] }>(`/api/admin/accounts?q=${ad.user.id}`, op.headers);
    expect(byId.response.items.map((i) => i.id)).toContain(ad.user.id);
    const publishersOnly = await get<{ items: AdminAccountRow[] }>(
      `/api/admin/accounts?q=${encodeURIComponent(email)}&type=2`,
      op.headers,
    );
    expect(publishersOnly.response.items).toEqual([]);
    const byName = await get<{ items: AdminAccountRow[] }>('/api/admin/accounts?q=ada%20tester&type=1', op.headers);
    expect(byName.response.items.length).toBeGreaterThan(0);
  });

  it('shows an account with its session and answers 404 for an unknown id', async () => {
    const ad = await loginAs(app, 'advertiser');
    const d = await detail(ad.user.id);
    expect(d).toMatchObject({
      id: ad.user.id,
      email: ad.email,
      balanceMicros: '0',
      heldMicros: '0',
      transfers: [],
      campaigns: [],
    });
    expect(d.sessions).toHaveLength(1);
    expect(d.sessions[0]?.active).toBe(true);
    expect((await get('/api/admin/accounts/999999', op.headers)).status).toBe(404);
  });

  it('credits below the threshold at once: balance to the micro-euro, one audit entry with the reason', async () => {
    const ad = await loginAs(app, 'advertiser');
    const res = await post(`/api/admin/accounts/${ad.user.id}/credit`, op.headers, {
      euros: 12.345678,
      reason: 'goodwill gesture',
    });
    expect(res.status).toBe(200);
    expect(res.response).toHaveProperty('output');
    const d = await detail(ad.user.id);
    expect(d.balanceMicros).toBe('12345678');
    expect(d.transfers[0]?.amountMicros).toBe('12345678');
    const entries = await audit(
      `action=${encodeURIComponent('user credit')}&objectType=user&objectId=${encodeURIComponent(ad.email)}`,
    );
    expect(entries.total).toBe(1);
    expect(entries.items[0]).toMatchObject({ actorId: op.user.id, via: 'screen', objectId: ad.email });
    expect(entries.items[0]?.changes.args).toContain('goodwill gesture');
  });

  it('refuses a credit without a reason and changes nothing', async () => {
    const ad = await loginAs(app, 'advertiser');
    const res = await post(`/api/admin/accounts/${ad.user.id}/credit`, op.headers, { euros: 5, reason: '  ' });
    expect(res.status).toBe(400);
    expect((await detail(ad.user.id)).balanceMicros).toBe('0');
  });

  it('holds a credit above the threshold for a second operator, who applies it once', async () => {
    const ad = await loginAs(app, 'advertiser');
    const asked = await post(`/api/admin/accounts/${ad.user.id}/credit`, op.headers, {
      euros: 1500,
      reason: 'large wire',
    });
    expect(asked.status).toBe(202);
    const pending = (asked.response as { pendingApproval: { id: number; amountMicros: string } }).pendingApproval;
    expect(pending.amountMicros).toBe('1500000000');
    expect((await detail(ad.user.id)).balanceMicros).toBe('0');

    const list = await get<{ items: Approval[] }>('/api/admin/approvals?status=pending', op.headers);
    expect(list.response.items.map((a) => a.id)).toContain(pending.id);

    const own = await post(`/api/admin/approvals/${pending.id}/approve`, op.headers);
    expect(own.status).toBe(403);
    expect(own.reason).toBe('A second operator must approve this.');
    expect((await detail(ad.user.id)).balanceMicros).toBe('0');

    const second = await post(`/api/admin/approvals/${pending.id}/approve`, op2.headers);
    expect(second.status).toBe(200);
    expect((await detail(ad.user.id)).balanceMicros).toBe('1500000000');

    const again = await post(`/api/admin/approvals/${pending.id}/approve`, op2.headers);
    expect(again.status).toBe(409);
    expect((await detail(ad.user.id)).balanceMicros).toBe('1500000000');
  });

  it('rejects a pending credit with a reason: nothing moves', async () => {
    const ad = await loginAs(app, 'advertiser');
    const asked = await post(`/api/admin/accounts/${ad.user.id}/credit`, op.headers, { euros: 2000, reason: 'wire' });
    const { id } = (asked.response as { pendingApproval: { id: number } }).pendingApproval;
    expect((await post(`/api/admin/approvals/${id}/reject`, op2.headers, { reason: 'no such wire' })).status).toBe(200);
    const rejected = await get<{ items: Approval[] }>('/api/admin/approvals?status=rejected', op.headers);
    expect(rejected.response.items.find((a) => a.id === id)).toMatchObject({
      status: 'rejected',
      reason: 'no such wire',
    });
    expect((await detail(ad.user.id)).balanceMicros).toBe('0');
  });

  it('adjusts up and down, never below zero', async () => {
    const ad = await loginAs(app, 'advertiser');
    const url = `/api/admin/accounts/${ad.user.id}/adjust`;
    expect((await post(url, op.headers, { euros: 10, reason: 'refund of a bad day' })).status).toBe(200);
    expect((await post(url, op.headers, { euros: -2.5, reason: 'correction' })).status).toBe(200);
    expect((await detail(ad.user.id)).balanceMicros).toBe('7500000');
    const tooMuch = await post(url, op.headers, { euros: -8, reason: 'correction' });
    expect(tooMuch.status).toBe(402);
    expect(tooMuch.reason).toBe(INSUFFICIENT_BALANCE);
    expect((await detail(ad.user.id)).balanceMicros).toBe('7500000');
    expect(
      (await audit(`action=${encodeURIComponent('user adjust')}&objectId=${encodeURIComponent(ad.email)}`)).total,
    ).toBe(2);
  });

  it("disable blocks the customer's next request; enable lets them log in again", async () => {
    const ad = await loginAs(app, 'advertiser');
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: ad.headers })).statusCode).toBe(200);
    const res = await post(`/api/admin/accounts/${ad.user.id}/disable`, op.headers, { reason: 'chargebacks' });
    expect(res.status).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: ad.headers })).statusCode).toBe(401);
    expect((await detail(ad.user.id)).disabled).toBe(true);
    expect((await post(`/api/admin/accounts/${ad.user.id}/enable`, op.headers)).status).toBe(200);
    expect((await detail(ad.user.id)).disabled).toBe(false);
    const entries = await audit(
      `action=${encodeURIComponent('user disable')}&objectId=${encodeURIComponent(ad.email)}`,
    );
    expect(entries.items[0]?.changes.args).toContain('chargebacks');
  });

  it('end-sessions logs the customer out everywhere', async () => {
    const pub = await loginAs(app, 'publisher');
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: pub.headers })).statusCode).toBe(200);
    expect((await post(`/api/admin/accounts/${pub.user.id}/end-sessions`, op.headers)).status).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: pub.headers })).statusCode).toBe(401);
    expect((await detail(pub.user.id)).sessions.every((s) => !s.active)).toBe(true);
  });

  it('publishes terms that customers then see, and records the text in the audit trail', async () => {
    const markdown = '# Terms of Service v-next\n\nYou agree to everything written here, which is long enough.';
    const res = await post('/api/admin/terms', op.headers, { markdown });
    expect(res.status).toBe(200);
    const current = await get<{ version: number; title: string; body: string }>('/api/admin/terms', op.headers);
    expect(current.response).toMatchObject({ title: 'Terms of Service v-next' });
    const ad = await loginAs(app, 'advertiser');
    const seen = await get<{ version: number; title: string }>('/api/currentPlatformTerms', ad.headers);
    expect(seen.response).toMatchObject({ version: current.response.version, title: 'Terms of Service v-next' });
    const entries = await audit(`action=${encodeURIComponent('terms publish-text')}`);
    // Filed under the version published; the text stays in the changes.
    expect(entries.items[0]).toMatchObject({ objectType: 'terms', objectId: String(current.response.version) });
    expect(entries.items[0]?.changes.args).toEqual([markdown]);
  });

  it('publishes an announcement that customers then see', async () => {
    const res = await post('/api/admin/announcements', op.headers, {
      title: 'Maintenance',
      content: 'Sunday 02:00 UTC.',
    });
    expect(res.status).toBe(200);
    const pub = await loginAs(app, 'publisher');
    const list = await get<{ title: string }[]>('/api/announcements', pub.headers);
    expect(list.response[0]?.title).toBe('Maintenance');
    const adminList = await get<{ title: string }[]>('/api/admin/announcements', op.headers);
    expect(adminList.response[0]?.title).toBe('Maintenance');
  });

  it('filters the audit trail by action and by object, newest first', async () => {
    const ad = await loginAs(app, 'advertiser');
    await post(`/api/admin/accounts/${ad.user.id}/adjust`, op.headers, { euros: 3, reason: 'first' });
    await post(`/api/admin/accounts/${ad.user.id}/end-sessions`, op.headers);
    const byObject = await audit(`objectType=user&objectId=${encodeURIComponent(ad.email)}`);
    expect(byObject.items.map((e) => e.action)).toEqual(['user end-sessions', 'user adjust']);
    const byAction = await audit(
      `action=${encodeURIComponent('user end-sessions')}&objectId=${encodeURIComponent(ad.email)}`,
    );
    expect(byAction.total).toBe(1);
    const byActor = await audit(`actorId=${op2.user.id}&action=${encodeURIComponent('user end-sessions')}`);
    expect(byActor.total).toBe(0);
  });

  it('runs the same commands from the command line, audited as such', async () => {
    const ad = await loginAs(app, 'advertiser');
    const cli = { kind: 'command line' } as const;
    const credited = await runOperatorCommand(app.ctx, cli, 'user', 'adjust', [ad.email, '4', 'wire', 'fix']);
    expect(credited).toHaveProperty('output');
    const big = await runOperatorCommand(app.ctx, cli, 'user', 'adjust', [ad.email, '-1000', 'too', 'much']);
    expect(big).toHaveProperty('pendingApproval');
    await runOperatorCommand(app.ctx, cli, 'user', 'end-sessions', [ad.email]);
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: ad.headers })).statusCode).toBe(401);
    const entries = await audit(`objectType=user&objectId=${encodeURIComponent(ad.email)}`);
    expect(entries.items.map((e) => [e.action, e.via])).toEqual([
      ['user end-sessions', 'command line'],
      ['user adjust', 'command line'],
    ]);
    expect((await detail(ad.user.id)).balanceMicros).toBe('4000000');
  });

  it('sets and clears the referral share, shown on the account page, one audit entry each', async () => {
    const pub = await loginAs(app, 'publisher');
    const url = `/api/admin/accounts/${pub.user.id}/referral-share`;
    expect((await detail(pub.user.id)).referralShare).toBeNull();
    expect((await post(url, op.headers, { percent: 7.5 })).status).toBe(200);
    expect((await detail(pub.user.id)).referralShare).toBe(7.5);
    const tooMuch = await post(url, op.headers, { percent: 11 });
    expect(tooMuch.status).toBe(400);
    expect((await detail(pub.user.id)).referralShare).toBe(7.5);
    expect((await post(url, op.headers, { percent: null })).status).toBe(200);
    expect((await detail(pub.user.id)).referralShare).toBeNull();
    const entries = await audit(
      `action=${encodeURIComponent('referral share')}&objectId=${encodeURIComponent(pub.email)}`,
    );
    expect(entries.items.map((e) => e.changes.args)).toEqual([
      [pub.email, 'off'],
      [pub.email, '7.5'],
    ]);
    expect((await post('/api/admin/accounts/999999/referral-share', op.headers, { percent: 5 })).status).toBe(404);
  });

  it("pauses and approves again a publisher's website from its page; another account's website is 404", async () => {
    const pub = await loginAs(app, 'publisher');
    const other = await loginAs(app, 'publisher');
    const domain = `site-${pub.user.id}.example`;
    const [site] = await app.ctx.db
      .insert(websites)
      .values({
        ownerId: pub.user.id,
        domain,
        url: `https://${domain}/`,
        name: domain,
        status: 1,
        verificationToken: domain,
      })
      .returning();
    const id = site?.id ?? 0;
    const statusOf = async () => (await detail(pub.user.id)).websites.find((w) => w.id === id)?.status;

    const elsewhere = await post(`/api/admin/accounts/${other.user.id}/websites/${id}/pause`, op.headers);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.reason).toBe(ADMIN_ACCOUNT_MESSAGES.websiteNotFound);
    expect(await statusOf()).toBe(1);

    expect((await post(`/api/admin/accounts/${pub.user.id}/websites/${id}/approve`, op.headers)).status).toBe(409);
    expect((await post(`/api/admin/accounts/${pub.user.id}/websites/${id}/pause`, op.headers)).status).toBe(200);
    expect(await statusOf()).toBe(2);
    const again = await post(`/api/admin/accounts/${pub.user.id}/websites/${id}/pause`, op.headers);
    expect(again.status).toBe(409);
    expect(again.reason).toBe(ADMIN_ACCOUNT_MESSAGES.websiteNotApproved);
    expect((await post(`/api/admin/accounts/${other.user.id}/websites/${id}/approve`, op.headers)).status).toBe(404);
    expect(await statusOf()).toBe(2);
    expect((await post(`/api/admin/accounts/${pub.user.id}/websites/${id}/approve`, op.headers)).status).toBe(200);
    expect(await statusOf()).toBe(1);

    const paused = await audit(`action=${encodeURIComponent('website pause')}&objectType=website&objectId=${id}`);
    expect(paused.total).toBe(1);
    expect(paused.items[0]).toMatchObject({ actorId: op.user.id, via: 'screen' });
    expect((await audit(`action=${encodeURIComponent('website approve')}&objectId=${id}`)).total).toBe(1);
  });

  it("locks and unlocks an advertiser's campaign from its page; another account's campaign is 404", async () => {
    const ad = await loginAs(app, 'advertiser');
    const other = await loginAs(app, 'advertiser');
    const [campaign] = await app.ctx.db
      .insert(campaigns)
      .values({
        ownerId: ad.user.id,
        name: 'Managed one',
        kind: 'display',
        status: CampaignStatus.Paused,
        priceMicros: eurosToMicros(1),
        landingUrl: 'https://example.com/',
        dailyBudgetMicros: eurosToMicros(50),
        category: 1,
        permalink: `${ad.user.id},lock`,
      })
      .returning();
    const id = campaign?.id ?? 0;
    const lockedOf = async () => (await detail(ad.user.id)).campaigns.find((c) => c.id === id)?.locked;
    expect(await lockedOf()).toBe(false);

    const elsewhere = await post(`/api/admin/accounts/${other.user.id}/campaigns/${id}/lock`, op.headers);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.reason).toBe(ADMIN_ACCOUNT_MESSAGES.campaignNotFound);
    expect(await lockedOf()).toBe(false);

    expect((await post(`/api/admin/accounts/${ad.user.id}/campaigns/${id}/lock`, op.headers)).status).toBe(200);
    expect(await lockedOf()).toBe(true);
    expect((await post(`/api/admin/accounts/${other.user.id}/campaigns/${id}/unlock`, op.headers)).status).toBe(404);
    expect(await lockedOf()).toBe(true);
    expect((await post(`/api/admin/accounts/${ad.user.id}/campaigns/${id}/unlock`, op.headers)).status).toBe(200);
    expect(await lockedOf()).toBe(false);
    const [row] = await app.ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row?.isLocked).toBe(false);

    const locked = await audit(`action=${encodeURIComponent('campaign lock')}&objectType=campaign&objectId=${id}`);
    expect(locked.total).toBe(1);
    expect((await audit(`action=${encodeURIComponent('campaign unlock')}&objectId=${id}`)).total).toBe(1);
  });

  it('lists operators with their two-factor state and sessions; an operator cannot disable or credit itself', async () => {
    const list = await get<{ items: AdminAccountRow[]; total: number }>(
      `/api/admin/accounts?q=${encodeURIComponent(op.email)}&type=3`,
      op.headers,
    );
    expect(list.response.items.map((i) => [i.id, i.type, i.twoFactor])).toEqual([[op.user.id, 3, true]]);
    const operators = await get<{ items: AdminAccountRow[] }>('/api/admin/accounts?type=3&pageSize=100', op.headers);
    expect(operators.response.items.every((i) => i.type === 3)).toBe(true);
    expect(operators.response.items.map((i) => i.id)).toEqual(expect.arrayContaining([op.user.id, op2.user.id]));

    const self = await detail(op.user.id);
    expect(self).toMatchObject({ type: 3, twoFactor: true });
    expect(self.sessions.some((s) => s.active)).toBe(true);

    const url = `/api/admin/accounts/${op.user.id}`;
    for (const [path, payload] of [
      ['disable', { reason: 'me' }],
      ['credit', { euros: 5, reason: 'me' }],
      ['adjust', { euros: 5, reason: 'me' }],
    ] as const) {
      const refused = await post(`${url}/${path}`, op.headers, payload);
      expect(refused.status).toBe(403);
      expect(refused.reason).toBe(ADMIN_ACCOUNT_MESSAGES.notOnYourself);
    }
    const after = await detail(op.user.id);
    expect(after).toMatchObject({ disabled: false, balanceMicros: '0' });
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: op.headers })).statusCode).toBe(200);
    expect((await audit(`actorId=${op.user.id}&objectId=${encodeURIComponent(op.email)}`)).total).toBe(0);
  });
});
