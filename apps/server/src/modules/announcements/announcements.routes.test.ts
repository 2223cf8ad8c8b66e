import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnnouncementListSchema } from '@cryptads/contract/announcements';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemoAnnouncements } from './demo-announcements';

let app: TestApp;
const token = 'operator-secret-announcements';
beforeAll(async () => {
  app = await createTestApp({}, { operatorToken: token });
});
afterAll(async () => {
  await app.closeAll();
});

const list = async (headers: Record<string, string>) =>
  AnnouncementListSchema.parse(body(await app.inject({ method: 'GET', url: '/api/announcements', headers })).response);
const publish = (file: string) =>
  app.inject({
    method: 'POST',
    url: '/api/operator/run',
    headers: { 'x-operator-token': token },
    payload: { domain: 'announcement', action: 'publish', args: [file] },
    remoteAddress: '127.0.0.1',
  });

describe('announcements', () => {
  it('is an empty list before anything is published', async () => {
    const me = await loginAs(app, 'advertiser');
    expect(await list(me.headers)).toEqual([]);
  });

  it('lists the demo announcements newest first, with excerpts', async () => {
    await seedDemoAnnouncements(app.ctx.db);
    await seedDemoAnnouncements(app.ctx.db); // a second seed adds nothing
    const me = await loginAs(app, 'publisher');
    const items = await list(me.headers);
    expect(items).toHaveLength(3);
    expect(items[0]?.title).toBe('Lower minimum bid for Native campaigns');
    expect(items.every((a) => a.excerpt.length > 0 && a.excerpt.length <= 160)).toBe(true);
    expect(Date.parse(items[0]?.date ?? '')).toBeGreaterThan(Date.parse(items[1]?.date ?? ''));
  });

  it('publishes a file from the operator command: first line title, the rest content', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ann-'));
    const file = path.join(dir, 'a.txt');
    writeFileSync(
      file,
      'Scheduled maintenance on Sunday\n\nReports will be delayed by an hour between 02:00 and 03:00 UTC.\n\nCampaigns keep running.',
    );
    const res = await publish(file);
    expect(res.statusCode).toBe(200);
    const me = await loginAs(app, 'advertiser');
    const [first] = await list(me.headers);
    expect(first).toMatchObject({
      title: 'Scheduled maintenance on Sunday',
      excerpt: 'Reports will be delayed by an hour between 02:00 and 03:00 UTC.',
      content: 'Reports will be delayed by an hour between 02:00 and 03:00 UTC.\n\nCampaigns keep running.',
    });
  });

  it('refuses a file with a title only', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ann-'));
    const file = path.join(dir, 'b.txt');
    writeFileSync(file, 'Only a title\n');
    const res = await publish(file);
    expect(res.statusCode).toBe(400);
    expect(body(res).reason).toBe('The announcement has no content after its title line.');
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/announcements' })).statusCode).toBe(401);
  });
});
