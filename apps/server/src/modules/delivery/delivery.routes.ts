import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AdFormat } from '@cryptads/contract/campaign-messages';
import { type ServeAnswer, ServeQuerySchema } from '@cryptads/contract/delivery';
import { supplyChainFor } from '../sellers/sellers.service';
import { landingOf, storedImpression } from './click-target';
import { bannerDocument, clickUrlOf, publicHeaders } from './answers';
import { verifyClick } from './click-token';
import { type Delivery, visitorKey } from './delivery';
import { type Decision, POPUNDER_INTERVAL_MINUTES } from './engine';
import { registerOpenRtb } from './openrtb.routes';
import { requestFacts } from './request-facts';
import { type DeliveryEvent, EventKind } from './types';
import { tagScript } from './tag-script';
import { createViewReports, registerViewReports } from './view-reports';

function answerOf(d: Decision, clickUrl: string): ServeAnswer {
  const cr = d.creative;
  if (d.zone.format === AdFormat.Popunder || !cr) return { clickUrl, interval: POPUNDER_INTERVAL_MINUTES };
  if (cr.format === AdFormat.Banner)
    return {
      html: bannerDocument(clickUrl, cr.image, cr.width, cr.height),
      image: cr.image,
      width: cr.width,
      height: cr.height,
      clickUrl,
    };
  const out: ServeAnswer = { clickUrl, image: cr.image };
  if (cr.title) out.title = cr.title;
  if (cr.description) out.description = cr.description;
  if (cr.descriptionShort) out.descriptionShort = cr.descriptionShort;
  if (cr.thumbnail) out.thumbnail = cr.thumbnail;
  if (cr.cta) out.cta = cr.cta;
  if (cr.brand) out.brand = cr.brand;
  if (cr.displayUrl) out.displayUrl = cr.displayUrl;
  return out;
}

function page(reply: FastifyReply, status: number, title: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><p>${title}</p></body></html>`,
    );
}

/**
 * The public delivery URLs of docs/decisions/004-ad-codes.md, outside /api and without the
 * envelope: GET /tag.js, GET /serve/{zone}, GET /click/{token}; and the bidding endpoint with
 * its notices (./openrtb.routes.ts).
 */
export async function registerDelivery(app: FastifyInstance, delivery: Delivery) {
  const { config } = app.ctx;
  const script = tagScript(config.publicUrl);
  const views = createViewReports(delivery, config.publicUrl);

  app.get('/tag.js', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) =>
    publicHeaders(reply)
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(script),
  );

  app.options('/serve/:zone', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) =>
    publicHeaders(reply)
      .header('access-control-allow-methods', 'GET')
      .header('access-control-max-age', '86400')
      .status(204)
      .send(),
  );

  app.get<{ Params: { zone: string }; Querystring: Record<string, string> }>(
    '/serve/:zone',
    { schema: { hide: true }, logLevel: 'warn' },
    async (request, reply) => {
      publicHeaders(reply).header('cache-control', 'no-store');
      const query = ServeQuerySchema.safeParse(request.query);
      if (!query.success || delivery.recorder.saturated) return reply.status(204).send();
      const known = delivery.engine.zoneByUnique(request.params.zone);
      if (!known) return reply.status(204).send();
      // The visitor, read once: address, parsed user agent, country, capping key.
      const facts = requestFacts(request);
      const { agent } = facts;
      // Invalid traffic is answered like any other (a bot learns nothing) and recorded as filtered.
      const now = delivery.ivt.now();
      const filterReason = delivery.ivt.serve({ ...facts, zoneId: known.id }, now);
      const country = delivery.geo.country(facts.ip, request.headers);
      const visitor = {
        country,
        device: agent.device,
        os: agent.os,
        browser: agent.browser,
        key: visitorKey(facts.ip, agent),
      };
      // With shared state (Redis) the decision ends with its atomic reservation there; invalid
      // traffic takes capping only, never budget. Redis unreachable: no ad, nothing unbilled.
      const decision = await delivery.engine
        .take(request.params.zone, visitor, { size: query.data.size }, !filterReason, now)
        .catch((err: unknown) => {
          request.log.warn({ err }, 'delivery reservation failed');
          return null;
        });
      if (!decision) return reply.status(204).send();
      const { zone, campaign, creative } = decision;
      const at = new Date(now);
      delivery.ivt.issue(decision.impressionId, filterReason, now);
      const event: DeliveryEvent = {
        ...(filterReason ? { filterReason } : {}),
        kind: EventKind.Impression,
        at,
        impressionId: decision.impressionId,
        campaignId: campaign.id,
        creativeId: creative?.id ?? 0,
        zoneId: zone.id,
        websiteId: zone.websiteId,
        advertiserId: campaign.advertiserId,
        publisherId: zone.publisherId,
        country,
        os: agent.os,
        browser: agent.browser,
        device: agent.device,
        costMicros: decision.costMicros,
        ...(delivery.engine.shared && !filterReason && decision.costMicros > 0n ? { reserved: true as const } : {}),
      };
      // Durable before the answer (docs/decisions/028): an event the stream did not take is
      // never answered, so nothing shown goes unbilled.
      if (!(await delivery.recorder.append(event))) return reply.status(204).send();
      const clickUrl = clickUrlOf(delivery, config.publicUrl, decision, { country, ...agent }, at);
      // Display formats: the signed viewability report (counting nothing for invalid traffic).
      const viewUrl = views.urlOf(decision, { country, ...agent }, at, !filterReason);
      // Who sold the impression, as /sellers.json lists them (memory only after the publisher's first).
      const schain = await supplyChainFor(app.ctx, zone.publisherId);
      return reply.type('application/json; charset=utf-8').send({ ...answerOf(decision, clickUrl), schain, viewUrl });
    },
  );

  // A wildcard, not ':token': parametric segments are limited to 100 characters.
  app.get<{ Params: { '*': string } }>(
    '/click/*',
    { schema: { hide: true }, logLevel: 'warn' },
    async (request, reply) => {
      const check = verifyClick(delivery.clickSecret, request.params['*'], config.delivery.clickTtlHours);
      if (!check.ok)
        return check.reason === 'expired'
          ? page(reply, 410, 'This link has expired.')
          : page(reply, 400, 'Invalid link.');
      const p = check.payload;
      // The click's own id, for conversion tracking: random, unguessable (docs/decisions/044).
      const clickId = randomBytes(16).toString('base64url');
      const target = await landingOf(app.ctx.db, delivery.engine, p.c, p.z, p.r, clickId);
      if (!target) return page(reply, 404, 'This ad is no longer available.');
      const facts = requestFacts(request);
      const now = delivery.ivt.now();
      // Every click is recorded: a repeated or invalid one as filtered, with its reason.
      // Redis unreachable: the database's one-click-per-impression index decides alone.
      const repeated = !(await Promise.resolve(delivery.clicks.firstClick(p.i, now)).catch(() => true));
      const impression =
        delivery.ivt.issuedAt(p.i) ??
        (repeated || !delivery.ivt.config.enabled ? undefined : await storedImpression(app.ctx.db, p));
      const invalid = delivery.ivt.click(facts, { repeated, impression }, now);
      const costMicros = /^\d{1,15}$/.test(p.k) ? BigInt(p.k) : 0n;
      // Budgets and balance as every process sees them (reserved in the shared state when there
      // is one); the recorder decides again, in the database, and alone when Redis is unreachable.
      const billing = invalid
        ? { refusal: null, reserved: false }
        : await delivery.engine
            .takeClick(p.c, p.a, costMicros, now)
            .catch(() => ({ refusal: delivery.engine.clickRefusal(p.c, p.a, costMicros, now), reserved: false }));
      const refused = invalid ?? billing.refusal;
      // The visitor is redirected even when the append fails: that click is then not billed.
      await delivery.recorder.append({
        ...(refused ? { filterReason: refused } : {}),
        kind: EventKind.Click,
        at: new Date(now),
        impressionId: p.i,
        campaignId: p.c,
        creativeId: p.r,
        zoneId: p.z,
        websiteId: p.w,
        advertiserId: p.a,
        publisherId: p.p,
        country: p.co,
        os: p.os,
        browser: p.br,
        device: p.d === 2 ? 2 : 1,
        costMicros,
        ...(billing.reserved ? { reserved: true as const } : {}),
        clickId,
      });
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer-when-downgrade')
        .redirect(target, 302);
    },
  );

  await registerViewReports(app, delivery, views);
  await registerOpenRtb(app, delivery);
}
