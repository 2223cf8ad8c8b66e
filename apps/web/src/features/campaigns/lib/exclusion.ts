import { showsOnZone } from '@cryptads/contract/campaign-messages';

/**
 * Exclusion toggling on the Optimization tab (docs/product/campaigns.md#optimization): with excludeFlag set the list
 * names zones to leave out, so a checked box means "not in the list"; without it the list
 * names the only zones to run on, so a checked box means "in the list". Either way a checked
 * box reads "the campaign may show on this zone".
 */
export const isZoneChecked = (excludeFlag: boolean, list: readonly string[], zone: string) =>
  showsOnZone(excludeFlag, list.includes(zone));

/** The whole new list after a box is set to `checked` (each toggle sends the whole list). */
export function toggledExcludeList(excludeFlag: boolean, list: readonly string[], zone: string, checked: boolean) {
  const inList = excludeFlag ? !checked : checked;
  const rest = list.filter((z) => z !== zone);
  return inList ? [...rest, zone] : rest;
}
