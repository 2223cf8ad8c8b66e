import { describe, expect, it } from 'vitest';
import { isZoneChecked, toggledExcludeList } from './exclusion';

describe('zone exclusion toggles', () => {
  it('with excludeFlag set, a checked box means the zone is not in the list', () => {
    expect(isZoneChecked(true, ['a'], 'a')).toBe(false);
    expect(isZoneChecked(true, ['a'], 'b')).toBe(true);
  });

  it('without excludeFlag, a checked box means the zone is in the list', () => {
    expect(isZoneChecked(false, ['a'], 'a')).toBe(true);
    expect(isZoneChecked(false, ['a'], 'b')).toBe(false);
  });

  it('unchecking adds the zone to an exclusion list and checking removes it, keeping the others', () => {
    expect(toggledExcludeList(true, ['x'], 'a', false)).toEqual(['x', 'a']);
    expect(toggledExcludeList(true, ['x', 'a'], 'a', true)).toEqual(['x']);
  });

  it('checking adds the zone to a whitelist and unchecking removes it, never twice', () => {
    expect(toggledExcludeList(false, ['x'], 'a', true)).toEqual(['x', 'a']);
    expect(toggledExcludeList(false, ['x', 'a'], 'a', true)).toEqual(['x', 'a']);
    expect(toggledExcludeList(false, ['x', 'a'], 'a', false)).toEqual(['x']);
  });
});
