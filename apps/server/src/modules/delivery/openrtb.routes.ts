import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { BidResponse } from 'iab-openrtb/v26';
import { type BidRequest, BidRequestSchema, zoneOfImp } from '@cryptads/contract/openrtb';
import { OPENRTB_MAX_BODY_BYTES, OPENRTB_MESSAGES } from '@cryptads/contract/openrtb-messages';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import { utf8JsonParser } from '../../plugins/input-guard';
import { supplyChainFor } from '../sellers/sellers.service';
import { publicHeaders } from './answers';
import { type Bidder, bidResponseOf, checkWinNotice, type NoticeOutcome, recordBillingNotice } from './bidding';
import type { Delivery } from './delivery';
import { requestFacts } from './request-facts';

/**
 * The bidding endpoint and its notices (docs/product/programmatic.md), outside /api and
 * without the envelope except for a refused request (400 with the reason, like every input):
 * POST /openrtb2/auction (the path Prebid Server uses), GET /openrtb2/win/{token} (nurl) and
 * GET /openrtb2/bill/{token} (burl).
 */

/** The first problem zod found, as a sentence naming the field. */
function reasonOf(error: z.ZodError): string {
  const issue = error.issues[0];
  const path = issue?.path.length ? issue.path.join('.') : 'request';
  return `${OPENRTB_MESSAGES.invalid}: ${path}: ${issue?.message ?? 'invalid'}.`;
}

/**
 * Each bid says who sells its impression: the SupplyChain object of the zone's publisher
 * (`bid.ext.schain`, our node with the seller id /sellers.json lists; docs/decisions/059).
 */
async function addSupplyChains(ctx: AppContext, delivery: Delivery, request: BidRequest, answer: BidResponse) {
  const imps = new Map(request.imp.map((imp) => [imp.id, imp]));
  for (const seat of answer.seatbid ?? [])
    for (const bid of seat.bid) {
      const imp = imps.get(bid.impid);
      const unique = imp ? zoneOfImp(imp) : undefined;
      const zone = unique ? delivery.engine.zoneByUnique(unique) : undefined;
      if (zone) bid.ext = { ...bid.ext, schain: await supplyChainFor(ctx, zone.publisherId) };
    }
}

/** A notice's answer: nothing to show (a pixel), its status says what happened. */
function noticeAnswer(reply: FastifyReply, outcome: NoticeOutcome | 'ok') {
  const status = outcome === 'invalid' ? 400 : outcome === 'expired' ? 410 : 204;
  return publicHeaders(reply).header('cache-control', 'no-store').status(status).send();
}

export async function registerOpenRtb(app: FastifyInstance, delivery: Delivery) {
  const bidder: Bidder = { delivery, config: app.ctx.config };
  await app.register(async (scope) => {
    // Prebid.js posts its JSON as text/plain (a simple request: no CORS preflight). Both
    // types are parsed as JSON here, behind the input guard's UTF-8 check; the guard then
    // walks the parsed body as for every route.
    scope.removeAllContentTypeParsers();
    const json = utf8JsonParser(scope, OPENRTB_MESSAGES.notJson);
    scope.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'buffer' }, json);
    const options = { schema: { hide: true }, logLevel: 'warn' } as const;

    scope.options('/openrtb2/auction', options, async (_request, reply) =>
      publicHeaders(reply)
        .header('access-control-allow-methods', 'POST')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '86400')
        .status(204)
        .send(),
    );

    scope.post('/openrtb2/auction', { ...options, bodyLimit: OPENRTB_MAX_BODY_BYTES }, async (request, reply) => {
      publicHeaders(reply).header('cache-control', 'no-store');
      const parsed = BidRequestSchema.safeParse(request.body);
      if (!parsed.success) throw badRequest(reasonOf(parsed.error));
      const impIds = new Set(parsed.data.imp.map((imp) => imp.id));
      if (impIds.size !== parsed.data.imp.length) throw badRequest(OPENRTB_MESSAGES.duplicateImp);
      const answer = bidResponseOf(bidder, parsed.data, requestFacts(request), delivery.ivt.now());
      if (!answer) return reply.status(204).send();
      await addSupplyChains(app.ctx, delivery, parsed.data, answer);
      return reply.type('application/json; charset=utf-8').send(answer);
    });

    // Wildcards, not ':token': parametric segments are limited to 100 characters.
    scope.get<{ Params: { '*': string } }>('/openrtb2/win/*', options, async (request, reply) =>
      noticeAnswer(reply, checkWinNotice(bidder, request.params['*'], delivery.ivt.now())),
    );

    scope.get<{ Params: { '*': string }; Querystring: Record<string, string> }>(
      '/openrtb2/bill/*',
      options,
      async (request, reply) => {
        const outcome = await recordBillingNotice(
          bidder,
          request.params['*'],
          request.query.price,
          { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
          delivery.ivt.now(),
        );
        return noticeAnswer(reply, outcome);
      },
    );
  });
}
