import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SellerListing,
  type SellersJson,
  SellersJsonSchema,
  type SupplyChain,
  SupplyChainSchema,
} from '@cryptads/contract/sellers';
import { billingProfiles } from '../../db/schema/billing-profile';
import { publisherSellers } from '../../db/schema/sellers';
import { body, disableUser, loginAs } from '../../testing/helpers';
import type { TestApp } from '../../testing/test-app';
import {
  approvedWebsite,
  BROWSER_HEADERS,
  DESKTOP_UA,
  deliveryTestApp,
  fundedAdvertiser,
  pauseAllCampaigns,
  runningCampaign,
  serve,
} from '../delivery/test-helpers';
import { reviewWebsite } from '../websites/websites.service';
import { forgetSellersJson, sellerIdOf, sellersJsonBody, supplyChainFor } from './sellers.service';

/**
 * /sellers.json (IAB sellers.json 1.0), the publisher's listing setting and the SupplyChain
 * object (docs/product/programmatic.md), checked against the contract's zod schemas of their
 * field rules (SellersJsonSchema, SupplyChainSchema; packages/contract/src/sellers.test.ts
 * checks the rules themselves). It runs on both databases: deliveryTestApp is createTestApp with
 * delivery's settings (vitest.config.ts runs a file that names createTestApp on PostgreSQL too).
 */

let app: TestApp;
const CERT = 'f08c47fec0942fa0';

beforeAll(async () => {
  app = await deliveryTestApp({ SELLERS_JSON_CACHE_SECONDS: '0', ADS_TXT_CERTIFICATION_ID: CERT });
});
afterAll(async () => {
  await app.closeAll();
});

type Publisher = Awaited<ReturnType<typeof loginAs>>;

const listingOf = async (pub: Publisher) => {
  const res = await app.inject({ method: 'GET', url: '/api/user/seller', headers: pub.headers });
  expect(res.statusCode, res.body).toBe(200);
  return body<SellerListing>(res).response;
};
const setConfidential = (pub: Publisher, confidential: boolean) =>
  app.inject({ method: 'PUT', url: '/api/user/seller', headers: pub.headers, payload: { confidential } });

async function sellersJson() {
  const res = await app.inject({ method: 'GET', url: '/sellers.json' });
  expect(res.statusCode).toBe(200);
  return { res, file: JSON.parse(res.body) as SellersJson };
}

/** A website of `pub` added through the API, then decided by an account manager (or left pending). */
async function website(pub: Publisher, host: string, decision: 'approve' | 'reject' | 'pending') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/websites',
    headers: pub.headers,
    payload: { website: `https://${host}/` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = body<{ id: number }>(res).response.id;
  if (decision !== 'pending') await reviewWebsite(app.ctx.db, id, decision);
  return id;
}

describe('GET /sellers.json', () => {
  let company: Publisher;
  let person: Publisher;
  let confidential: Publisher;
  let pending: Publisher;
  let rejected: Publisher;
  let disabled: Publisher;

  beforeAll(async () => {
    company = await loginAs(app, 'publisher');
    await app.ctx.db.insert(billingProfiles).values({
      userId: company.user.id,
      isCompany: true,
      companyName: 'Acme Media Ltd',
      address: '1 Dock Road, Dublin',
      country: 'IE',
    });
    // The oldest approved website is the business domain; a rejected one is never named.
    await website(company, 'acme-news.example', 'approve');
    await website(company, 'acme-blog.example', 'approve');
    await website(company, 'acme-spam.example', 'reject');
    person = await loginAs(app, 'publisher');
    await app.ctx.db.insert(billingProfiles).values({
      userId: person.user.id,
      isCompany: false,
      firstName: 'Maria',
      lastName: 'Rossi',
      address: 'Via Roma 1, Milano',
      country: 'IT',
    });
    await website(person, 'www.rossi-crypto.example', 'approve');
    confidential = await loginAs(app, 'publisher');
    await website(confidential, 'quiet.example', 'approve');
    expect((await setConfidential(confidential, true)).statusCode).toBe(200);
    pending = await loginAs(app, 'publisher');
    await website(pending, 'waiting.example', 'pending');
    rejected = await loginAs(app, 'publisher');
    await website(rejected, 'refused.example', 'reject');
    disabled = await loginAs(app, 'publisher');
    await website(disabled, 'blocked.example', 'approve');
    await disableUser(app, disabled.user.id);
  });

  it('is public JSON that any site may read, cached for a short time', async () => {
    const { res } = await sellersJson();
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('public, max-age=0');
    expect((await app.inject({ method: 'HEAD', url: '/sellers.json' })).statusCode).toBe(200);
  });

  it('follows the spec, with our contact and certification id, and lists approved publishers by name and domain', async () => {
    const { file } = await sellersJson();
    expect(SellersJsonSchema.safeParse(file).error).toBeUndefined();
    expect(file).toMatchObject({
      version: '1.0',
      contact_email: 'support@cryptads.example',
      identifiers: [{ name: 'TAG-ID', value: CERT }],
    });
    expect(file.contact_address).toContain('Cryptads Ltd');
    const byId = new Map(file.sellers.map((s) => [s.seller_id, s]));
    expect(byId.get((await listingOf(company)).sellerId)).toEqual({
      seller_id: (await listingOf(company)).sellerId,
      seller_type: 'PUBLISHER',
      is_confidential: 0,
      name: 'Acme Media Ltd',
      domain: 'acme-news.example',
    });
    // A person who never chose is confidential: their name is theirs to publish.
    expect(byId.get((await listingOf(person)).sellerId)).toEqual({
      seller_id: (await listingOf(person)).sellerId,
      seller_type: 'PUBLISHER',
      is_confidential: 1,
    });
    expect(JSON.stringify(file)).not.toContain('Rossi');
    expect(await listingOf(person)).toMatchObject({ confidential: true, chosen: false, name: null, domain: null });
    expect(await listingOf(company)).toMatchObject({ confidential: false, chosen: false, name: 'Acme Media Ltd' });
  });

  it('names a person who turned confidentiality off, by the names of their billing details', async () => {
    try {
      expect((await setConfidential(person, false)).statusCode).toBe(200);
      const { file } = await sellersJson();
      const sellerId = (await listingOf(person)).sellerId;
      expect(file.sellers.find((s) => s.seller_id === sellerId)).toEqual({
        seller_id: sellerId,
        seller_type: 'PUBLISHER',
        is_confidential: 0,
        name: 'Maria Rossi',
        domain: 'rossi-crypto.example',
      });
      expect(await listingOf(person)).toMatchObject({ confidential: false, chosen: true, name: 'Maria Rossi' });
    } finally {
      await app.ctx.db
        .update(publisherSellers)
        .set({ confidential: null })
        .where(eq(publisherSellers.userId, person.user.id));
      forgetSellersJson(app.ctx);
    }
  });

  it('a company that chose confidentiality is listed by seller id only', async () => {
    try {
      expect((await setConfidential(company, true)).statusCode).toBe(200);
      const { file } = await sellersJson();
      expect(JSON.stringify(file)).not.toContain('Acme');
    } finally {
      await app.ctx.db
        .update(publisherSellers)
        .set({ confidential: null })
        .where(eq(publisherSellers.userId, company.user.id));
      forgetSellersJson(app.ctx);
    }
  });

  it('lists a publisher who chose confidentiality by seller id only', async () => {
    const { sellerId } = await listingOf(confidential);
    const { file } = await sellersJson();
    expect(file.sellers.find((s) => s.seller_id === sellerId)).toEqual({
      seller_id: sellerId,
      seller_type: 'PUBLISHER',
      is_confidential: 1,
    });
    expect(JSON.stringify(file)).not.toContain('quiet.example');
  });

  it('leaves out publishers without an approved website and blocked accounts', async () => {
    const { file } = await sellersJson();
    const ids = new Set(file.sellers.map((s) => s.seller_id));
    for (const pub of [pending, rejected, disabled])
      expect(ids.has(await sellerIdOf(app.ctx, pub.user.id))).toBe(false);
    expect((await listingOf(pending)).listed).toBe(false);
    expect((await listingOf(rejected)).listed).toBe(false);
    const text = JSON.stringify(file);
    for (const domain of ['waiting.example', 'refused.example', 'blocked.example', 'acme-spam.example'])
      expect(text).not.toContain(domain);
  });

  it('reuses a built file for SELLERS_JSON_CACHE_SECONDS, except after the publisher’s own change', async () => {
    const config = app.ctx.config;
    const cachedCtx = { ...app.ctx, config: { ...config, sellers: { ...config.sellers, cacheSeconds: 300 } } };
    const ids = async (now: number) =>
      (JSON.parse(await sellersJsonBody(cachedCtx, now)) as SellersJson).sellers.map((s) => s.seller_id);
    try {
      const t0 = Date.now();
      const before = await ids(t0);
      const pub = await loginAs(app, 'publisher');
      await website(pub, 'late.example', 'approve');
      const sellerId = await sellerIdOf(app.ctx, pub.user.id);
      expect(await ids(t0 + 299_000)).toEqual(before);
      expect(await ids(t0 + 301_000)).toContain(sellerId);
      // The publisher's own switch shows at once.
      await setConfidential(pub, true);
      const file = JSON.parse(await sellersJsonBody(cachedCtx, t0 + 302_000)) as SellersJson;
      expect(file.sellers.find((s) => s.seller_id === sellerId)).toEqual(
        expect.objectContaining({ is_confidential: 1 }),
      );
    } finally {
      forgetSellersJson(app.ctx);
    }
  });
});

describe('the seller listing setting (GET/PUT /api/user/seller)', () => {
  it('gives each publisher a random, stable seller id of 16 hex digits that says nothing about the account', async () => {
    const a = await loginAs(app, 'publisher');
    const b = await loginAs(app, 'publisher');
    const first = await listingOf(a);
    expect(first.sellerId).toMatch(/^[0-9a-f]{16}$/);
    expect((await listingOf(b)).sellerId).not.toBe(first.sellerId);
    // Not the account's number in any spelling, nor its public id, nor a counter.
    expect(BigInt(`0x${first.sellerId}`)).not.toBe(BigInt(a.user.id));
    expect(first.sellerId).not.toBe(String(a.user.id).padStart(16, '0'));
    expect(first.sellerId).not.toContain(a.user.com);
    const gap = BigInt(`0x${(await listingOf(b)).sellerId}`) - BigInt(`0x${first.sellerId}`);
    expect(gap > 1n || gap < -1n).toBe(true);
    expect((await setConfidential(a, true)).statusCode).toBe(200);
    expect((await listingOf(a)).sellerId).toBe(first.sellerId);
  });

  it('says whether and how the publisher is listed, and switches confidentiality both ways', async () => {
    const pub = await loginAs(app, 'publisher');
    // A person (no company in billing details) who never chose: confidential.
    expect(await listingOf(pub)).toMatchObject({
      confidential: true,
      chosen: false,
      listed: false,
      name: null,
      domain: null,
    });
    await website(pub, 'listing.example', 'approve');
    expect(await listingOf(pub)).toMatchObject({ confidential: true, listed: true, name: null, domain: null });
    const named = await setConfidential(pub, false);
    expect(body<SellerListing>(named).response).toMatchObject({
      confidential: false,
      chosen: true,
      listed: true,
      name: 'Paul Tester',
      domain: 'listing.example',
    });
    const on = await setConfidential(pub, true);
    expect(body<SellerListing>(on).response).toMatchObject({
      confidential: true,
      listed: true,
      name: null,
      domain: null,
    });
    const off = await setConfidential(pub, false);
    expect(body<SellerListing>(off).response).toMatchObject({ confidential: false, name: 'Paul Tester' });
  });

  it('is for publishers only, and refuses a body without the switch', async () => {
    const adv = await loginAs(app, 'advertiser');
    expect((await app.inject({ method: 'GET', url: '/api/user/seller', headers: adv.headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/user/seller' })).statusCode).toBe(401);
    const pub = await loginAs(app, 'publisher');
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/user/seller',
      headers: pub.headers,
      payload: { confidential: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the SupplyChain object', () => {
  it('supplyChainFor(publisher) is one complete node: our domain, the seller id sellers.json lists, in the payment', async () => {
    const pub = await loginAs(app, 'publisher');
    await website(pub, 'chain.example', 'approve');
    const chain = await supplyChainFor(app.ctx, pub.user.id);
    expect(SupplyChainSchema.safeParse(chain).error).toBeUndefined();
    const { sellerId } = await listingOf(pub);
    expect(chain).toEqual({ ver: '1.0', complete: 1, nodes: [{ asi: 'ads.test', sid: sellerId, hp: 1 }] });
    const { file } = await sellersJson();
    expect(file.sellers.map((s) => s.seller_id)).toContain(chain.nodes[0]?.sid);
  });

  it('comes with every /serve answer, for the zone’s publisher', async () => {
    await pauseAllCampaigns(app);
    const adv = await fundedAdvertiser(app);
    await runningCampaign(app, adv.headers);
    const site = await approvedWebsite(app);
    const res = await serve(app, site.banner.unique, { query: '?size=300x250' });
    expect(res.statusCode).toBe(200);
    const schain = (JSON.parse(res.body) as { schain: SupplyChain }).schain;
    expect(SupplyChainSchema.safeParse(schain).error).toBeUndefined();
    expect(schain.nodes).toEqual([{ asi: 'ads.test', sid: (await listingOf(site.publisher)).sellerId, hp: 1 }]);
  });

  it('comes with every bid of /openrtb2/auction, as bid.ext.schain', async () => {
    await pauseAllCampaigns(app);
    const adv = await fundedAdvertiser(app);
    await runningCampaign(app, adv.headers);
    const site = await approvedWebsite(app);
    const res = await app.inject({
      method: 'POST',
      url: '/openrtb2/auction',
      headers: { ...BROWSER_HEADERS, 'user-agent': DESKTOP_UA, 'cf-ipcountry': 'DE', 'content-type': 'text/plain' },
      remoteAddress: '198.51.100.200',
      payload: JSON.stringify({
        id: 'schain-1',
        imp: [{ id: '1', banner: { format: [{ w: 300, h: 250 }] }, tagid: site.banner.unique }],
        site: { page: 'https://news.example/a', domain: 'news.example' },
        device: { ua: DESKTOP_UA },
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const bid = (JSON.parse(res.body) as { seatbid: { bid: { ext?: { schain?: SupplyChain } }[] }[] }).seatbid[0]
      ?.bid[0];
    expect(SupplyChainSchema.safeParse(bid?.ext?.schain).error).toBeUndefined();
    expect(bid?.ext?.schain?.nodes).toEqual([
      { asi: 'ads.test', sid: (await listingOf(site.publisher)).sellerId, hp: 1 },
    ]);
  });
});
