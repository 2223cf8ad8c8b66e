import type { FilterReason } from '@cryptads/contract/delivery';
/**
 * The batch writer's input (docs/decisions/007-delivery.md). The delivery endpoints, the
 * traffic simulator's history mode and the demo seed all record through `recordBatch` in
 * ./writer/record-batch.ts: one transaction per batch writes raw events, the stats_hourly
 * rollup, the per-campaign daily totals and the money (advertiser debit, publisher credit).
 */
export const EventKind = { Impression: 1, Click: 2, Measured: 3, Viewable: 4 } as const;
export type EventKind = (typeof EventKind)[keyof typeof EventKind];

/**
 * A view report of an impression (docs/decisions/061-viewable-impressions.md): the tag measured
 * it (Measured), or it was viewable (Viewable, which implies measured). Its `at` is the
 * impression's time and its fields the impression's, from the signed view token; it is never
 * money, never billed and never traffic: the batch writer counts it in the rollups apart.
 */
export const isViewReport = (e: Pick<DeliveryEvent, 'kind'>) =>
  e.kind === EventKind.Measured || e.kind === EventKind.Viewable;

export type DeliveryEvent = {
  kind: EventKind;
  at: Date;
  /** Random id of the impression; a click carries the id of the impression it belongs to. */
  impressionId: string;
  campaignId: number;
  /** 0 for popunder (no creative). */
  creativeId: number;
  zoneId: number;
  websiteId: number;
  advertiserId: number;
  publisherId: number;
  /** ISO 3166 alpha-2, 'XX' when unknown. */
  country: string;
  os: string;
  browser: string;
  /** 1 desktop, 2 mobile. */
  device: 1 | 2;
  /**
   * What this event costs the advertiser before any cap: CPM price / 1000 for an impression
   * of a CPM campaign, the CPC price for a click of a CPC campaign, otherwise 0. The writer
   * computes the publisher's earnings (REVENUE_SHARE) and never spends below zero.
   */
  costMicros: bigint;
  /**
   * Set when the event is invalid traffic or cannot be billed (budget, state, balance): the
   * batch writer then writes it with its reason into the filtered statistics, never into money.
   */
  filterReason?: FilterReason;
  /**
   * The event took a spend reservation in the shared delivery state (Redis, docs/decisions/029):
   * committing its batch moves its cost from pending to committed there. Never set without Redis.
   */
  reserved?: true;
  /**
   * An impression of a recorded history (the traffic simulator) whose viewability is known as
   * it is recorded: counted as measured, and viewable, with it (docs/decisions/061). A served
   * impression never carries it: its tag's view reports arrive apart (Measured, Viewable).
   */
  viewed?: 'measured' | 'viewable';
  /**
   * A click's own random id (128 bits, base64url), the landing URL's `{click_id}`: the batch
   * writer keeps it in ad_clicks, where conversions find their click (docs/decisions/044).
   */
  clickId?: string;
  /**
   * An impression recorded from a won bid's billing notice (docs/product/programmatic.md): its
   * impression id is the bid's, and the batch writer records it once, however often and by
   * whomever the notice is sent (bid_notices, in the batch's transaction).
   */
  bidNotice?: true;
};
