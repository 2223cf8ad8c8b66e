import { DAY_MS } from '@cryptads/contract/dates';
import { CLICK_ID_PATTERN, ConversionRefusal, GOAL_NAME_PATTERN } from '@cryptads/contract/conversions';
import { eurosToMicros } from '@cryptads/contract/money';

/**
 * The attribution rules of a reported conversion (docs/product/conversions.md), pure: the
 * service reads the click, the goal and the window, this file decides. The first rule that
 * refuses names the reason.
 */

export type StoredClick = {
  clickId: string;
  at: Date;
  campaignId: number;
  advertiserId: number;
  filterReason: string | null;
};

/** A reported value in euros ('12.5', at most 6 decimals, below one billion) as micro-euros; null when malformed. */
export function valueMicrosOf(value: string | undefined): bigint | null | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,9}(\.\d{1,6})?$/.test(value)) return null;
  return eurosToMicros(Number(value));
}

/** The query's shape: a click id as /click issues it and a goal name; anything else is a bad request. */
export function malformed(q: { click_id?: string; goal?: string }): boolean {
  return !q.click_id || !CLICK_ID_PATTERN.test(q.click_id) || !q.goal || !GOAL_NAME_PATTERN.test(q.goal);
}

/** EUR only for now; no currency means EUR. */
export const currencyAccepted = (currency: string | undefined) =>
  currency === undefined || currency === '' || currency.toUpperCase() === 'EUR';

/**
 * Why a conversion of this click is refused (null: it may count). `advertiserId` is the token's
 * advertiser for a postback, undefined for the pixel (which is limited to the click's own advertiser).
 */
export function clickRefusal(
  click: StoredClick | undefined,
  opts: { advertiserId?: number; now: number; windowDays: number },
): ConversionRefusal | null {
  if (!click) return ConversionRefusal.NoClick;
  if (opts.advertiserId !== undefined && click.advertiserId !== opts.advertiserId)
    return ConversionRefusal.ForeignClick;
  if (click.filterReason) return ConversionRefusal.InvalidClick;
  if (opts.now - click.at.getTime() > opts.windowDays * DAY_MS) return ConversionRefusal.OutsideWindow;
  return null;
}
