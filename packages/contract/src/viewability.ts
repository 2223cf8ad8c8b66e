/**
 * Viewable impressions as the MRC defines them for display ads (docs/product/programmatic.md#viewability,
 * docs/decisions/061-viewable-impressions.md). Zod-free: tag.js is built from these numbers on
 * the server and the web app formats the rate without loading zod.
 */
export const VIEWABILITY = {
  /** Share of the ad's pixels that must be in view. */
  share: 0.5,
  /** An ad of at least this many pixels (970x250 and larger) needs `largeShare` instead. */
  largePixels: 242_500,
  largeShare: 0.3,
  /** For this long without a break, in a visible tab (ms). */
  continuousMs: 1000,
} as const;

/**
 * What a view report says of its impression (GET or POST /view/{token}?e=...): `m` the tag
 * could measure it (an IntersectionObserver watches the ad), `v` it became viewable (which
 * implies measured).
 */
export const ViewReport = { Measured: 'm', Viewable: 'v' } as const;
export type ViewReport = (typeof ViewReport)[keyof typeof ViewReport];

/** A view report is taken this long after its impression was served; later ones answer 410. */
export const VIEW_REPORT_TTL_HOURS = 4;

/** viewable / measured × 100, 2 decimals; null when nothing was measured (shown as "—"). */
export function viewabilityRateOf(measured: number, viewable: number): number | null {
  return measured > 0 ? Math.round((viewable / measured) * 10_000) / 100 : null;
}

/** The rate as the screens show it: '63.40%', or '—' when nothing was measured. */
export const formatViewability = (rate: number | null | undefined) =>
  rate === null || rate === undefined ? '—' : `${rate.toFixed(2)}%`;
