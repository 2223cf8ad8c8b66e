import { CAMPAIGN_LIMITS } from '@cryptads/contract/campaign-messages';

const decimalsOf = (step: number) => (String(step).split('.')[1] ?? '').length;

/**
 * A slider value within [min, max], snapped to the step counted from min (docs/product/limits.md#campaigns:
 * "Slider values clamp to min/max and snap to step"). Returns min for a value that is not
 * a number.
 */
export function clampPrice(value: number, min: number, max: number, step: number = CAMPAIGN_LIMITS.priceStep): number {
  if (!Number.isFinite(value)) return min;
  const bounded = Math.min(Math.max(value, min), max);
  // In micro-units, so that 3.05 - 3 is half a step and not 0.04999…
  const micro = (n: number) => Math.round(n * 1_000_000);
  const steps = Math.round((micro(bounded) - micro(min)) / micro(step));
  const snapped = (micro(min) + steps * micro(step)) / 1_000_000;
  const decimals = Math.max(decimalsOf(step), decimalsOf(min));
  return Number(Math.min(snapped, max).toFixed(decimals));
}

/** A price not chosen yet is -1 in a new draft; the price field shows it empty. */
export const isUnsetPrice = (price: number | null | undefined) => price == null || price < 0;
