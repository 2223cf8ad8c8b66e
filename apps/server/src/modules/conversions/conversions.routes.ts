import type { FastifyInstance } from 'fastify';
import {
  POSTBACKS_PER_MINUTE_PER_IP,
  POSTBACKS_PER_MINUTE_PER_TOKEN,
  PostbackQuerySchema,
} from '@cryptads/contract/conversions';
import { conversionEndpoints as api } from '@cryptads/contract/endpoints/conversions';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint-routes';
import * as service from './conversions.service';

/**
 * Conversion tracking (docs/decisions/044-conversions.md): the advertiser's API on their own
 * campaigns (every call checks ownership: another advertiser's campaign is 404), and the public
 * GET /postback and GET /pixel.gif outside /api.
 */

/** The delivery clock (tests move it), else the wall clock. */
const nowOf = (ctx: AppContext) => ctx.delivery?.ivt.now() ?? Date.now();

/** One set of limits per process, shared by the public URLs and the test conversion. */
export const conversionLimits = service.conversionLimits(POSTBACKS_PER_MINUTE_PER_TOKEN, POSTBACKS_PER_MINUTE_PER_IP);

export const conversionRoutes = (limits = conversionLimits) => [
  route(api.tracking, async ({ ctx, auth, params }) => service.trackingOf(ctx, auth.user.id, params.id)),
  route(api.setWindow, async ({ ctx, auth, params, body }) =>
    service.setWindow(ctx, auth.user.id, params.id, body.attributionDays),
  ),
  route(api.addGoal, async ({ ctx, auth, params, body }) => service.addGoal(ctx, auth.user.id, params.id, body)),
  route(api.updateGoal, async ({ ctx, auth, params, body }) =>
    service.updateGoal(ctx, auth.user.id, params.id, params.goalId, body),
  ),
  route(api.deleteGoal, async ({ ctx, auth, params }) =>
    service.deleteGoal(ctx, auth.user.id, params.id, params.goalId),
  ),
  route(api.rotateToken, async ({ ctx, auth, params }) => service.rotateToken(ctx, auth.user.id, params.id)),
  route(api.testConversion, async ({ ctx, auth, params, body, request }) =>
    service.sendTestConversion(ctx, auth.user.id, params.id, body.goal, {
      ip: request.ip,
      now: nowOf(ctx),
      limits,
    }),
  ),
];

/** A transparent 1x1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export async function registerConversionUrls(app: FastifyInstance, limits = conversionLimits) {
  const ctx = app.ctx;
  app.get<{ Querystring: Record<string, string> }>(
    '/postback',
    { schema: { hide: true }, logLevel: 'warn', helmet: false },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
      const q = PostbackQuerySchema.safeParse(request.query);
      const received = await service.receiveConversion(ctx, q.success ? q.data : {}, {
        source: service.ConversionSource.Postback,
        ip: request.ip,
        now: nowOf(ctx),
        limits,
      });
      return reply.status(received.httpStatus).type('application/json; charset=utf-8').send(received.answer);
    },
  );
  app.get<{ Querystring: Record<string, string> }>(
    '/pixel.gif',
    { schema: { hide: true }, logLevel: 'warn', helmet: false },
    async (request, reply) => {
      const q = PostbackQuerySchema.safeParse(request.query);
      // The pixel answers the same image whatever happened: a page learns nothing of click ids.
      await service
        .receiveConversion(
          ctx,
          { ...(q.success ? q.data : {}), token: undefined },
          { source: service.ConversionSource.Pixel, ip: request.ip, now: nowOf(ctx), limits },
        )
        .catch((err: unknown) => request.log.warn({ err }, 'pixel conversion failed'));
      return reply
        .header('cache-control', 'no-store')
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin')
        .type('image/gif')
        .send(GIF);
    },
  );
}
