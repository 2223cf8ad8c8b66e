import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AdFormat } from '@cryptads/contract/campaign-messages';
import { VIEW_REPORT_TTL_HOURS, ViewReport } from '@cryptads/contract/viewability';
import type { Delivery } from './delivery';
import type { Decision } from './engine';
import { requestFacts } from './request-facts';
import { type DeliveryEvent, EventKind } from './types';
import { signView, type ViewKeys, type ViewPayload, verifyView, viewKeysOf } from './view-token';

/**
 * Viewability reports (docs/decisions/061-viewable-impressions.md): /serve gives every display
 * answer a signed `viewUrl`; tag.js calls it with `?e=m` once an IntersectionObserver watches
 * the ad (measured) and with `?e=v` once at least half of it (30 % for an ad of 242,500 pixels
 * or more) was in view for one continuous second in a visible tab (viewable). GET (an image)
 * and POST (navigator.sendBeacon) both work.
 *
 * A report is an event of the delivery stream like an impression: appended durably before the
 * answer, recorded by the batch writer, which counts each impression's report once
 * (impression_views). In front of that, a process forgets nothing it took within the token's
 * lifetime, so a report sent again is answered at once and never reaches the stream.
 *
 * Answers: 204 taken (or counting nothing: an impression filtered as invalid traffic, a report
 * from automation or a data centre, one sent again), 400 a token or a report we did not issue,
 * 410 a token past VIEW_REPORT_TTL_HOURS, 503 the stream did not take it.
 */

/** Who saw the ad, as its impression was recorded. */
export type Viewer = { country: string; os: string; browser: string; device: 1 | 2 };

/** Reports this process took: `${kind}:${impression}` → when. Bounded; the database decides beyond it. */
class TakenReports {
  private readonly taken = new Map<string, number>();
  constructor(
    private readonly ttlMs: number,
    private readonly max = 200_000,
  ) {}

  /** Takes the report; false when this process took it before. */
  take(key: string, now: number): boolean {
    if (this.taken.has(key)) return false;
    if (this.taken.size >= this.max) this.prune(now);
    this.taken.set(key, now);
    return true;
  }

  forget(key: string) {
    this.taken.delete(key);
  }

  private prune(now: number) {
    for (const [k, at] of this.taken) {
      if (at + this.ttlMs >= now) break; // insertion order = time order
      this.taken.delete(k);
    }
    // Still full (a flood within the lifetime): forget the oldest tenth; the database still counts each once.
    let drop = this.taken.size >= this.max ? Math.ceil(this.taken.size / 10) : 0;
    for (const k of this.taken.keys()) {
      if (drop-- <= 0) break;
      this.taken.delete(k);
    }
  }
}

export type ViewReports = {
  keys: ViewKeys;
  /**
   * The signed report URL of a decision shown at `at`; undefined for popunder (never measured).
   * `counts` false: the impression was filtered as invalid traffic (its reports count nothing).
   */
  urlOf(d: Decision, viewer: Viewer, at: Date, counts: boolean): string | undefined;
};

export function createViewReports(delivery: Pick<Delivery, 'clickSecret'>, publicUrl: string): ViewReports {
  const keys = viewKeysOf(delivery.clickSecret);
  return {
    keys,
    urlOf(d, viewer, at, counts) {
      if (d.zone.format === AdFormat.Popunder || !d.creative) return undefined;
      const payload: ViewPayload = {
        i: d.impressionId,
        c: d.campaign.id,
        r: d.creative.id,
        z: d.zone.id,
        w: d.zone.websiteId,
        a: d.campaign.advertiserId,
        p: d.zone.publisherId,
        co: viewer.country,
        os: viewer.os,
        br: viewer.browser,
        d: viewer.device,
        t: at.getTime(),
      };
      return `${publicUrl}/view/${signView(keys, payload, counts)}`;
    },
  };
}

/** The event a report records: the impression's own fields and time, never money. */
export function viewEventOf(
  p: ViewPayload,
  kind: typeof EventKind.Measured | typeof EventKind.Viewable,
): DeliveryEvent {
  return {
    kind,
    at: new Date(p.t),
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
    device: p.d,
    costMicros: 0n,
  };
}

/** Other sites call this URL (headers as /serve's), and nothing of it may be cached. */
const answer = (reply: FastifyReply, status: number) =>
  reply
    .header('x-content-type-options', 'nosniff')
    .header('access-control-allow-origin', '*')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('cache-control', 'no-store')
    .status(status)
    .send();

/** GET and POST /view/{token}?e=m|v. */
export async function registerViewReports(app: FastifyInstance, delivery: Delivery, views: ViewReports) {
  const taken = new TakenReports(VIEW_REPORT_TTL_HOURS * 3_600_000);
  // A wildcard, not ':token': parametric segments are limited to 100 characters.
  app.route<{ Params: { '*': string }; Querystring: Record<string, string> }>({
    method: ['GET', 'POST'],
    url: '/view/*',
    schema: { hide: true },
    logLevel: 'warn',
    // sendBeacon may carry a body; ours sends none.
    bodyLimit: 1024,
    handler: async (
      request: FastifyRequest<{ Params: { '*': string }; Querystring: Record<string, string> }>,
      reply,
    ) => {
      const e = request.query.e;
      const kind =
        e === ViewReport.Viewable ? EventKind.Viewable : e === ViewReport.Measured ? EventKind.Measured : null;
      const now = delivery.ivt.now();
      const check = verifyView(views.keys, request.params['*'], now);
      if (!check.ok) return answer(reply, check.reason === 'expired' ? 410 : 400);
      if (kind === null) return answer(reply, 400);
      // An impression filtered at /serve, or a report no person's browser sent: answered, not counted.
      if (!check.counts) return answer(reply, 204);
      if (delivery.ivt.view(requestFacts(request), now)) return answer(reply, 204);
      if (delivery.recorder.saturated) return answer(reply, 503);
      const key = `${kind}:${check.payload.i}`;
      if (!taken.take(key, now)) return answer(reply, 204);
      // Durable before the answer, as every delivery event (docs/decisions/028).
      if (await delivery.recorder.append(viewEventOf(check.payload, kind))) return answer(reply, 204);
      taken.forget(key);
      return answer(reply, 503);
    },
  });
}
