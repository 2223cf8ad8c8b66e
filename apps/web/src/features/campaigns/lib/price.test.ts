import { describe, expect, it } from 'vitest';
import { clampPrice, isUnsetPrice } from './price';

describe('clampPrice', () => {
  it('keeps a value below the minimum at the minimum and above the maximum at the maximum', () => {
    expect(clampPrice(0.05, 0.2, 20)).toBe(0.2);
    expect(clampPrice(25, 0.2, 20)).toBe(20);
  });

  it('snaps to steps of 0.1 counted from the minimum, without binary noise', () => {
    expect(clampPrice(0.34, 0.2, 20)).toBe(0.3);
    expect(clampPrice(0.36, 0.2, 20)).toBe(0.4);
    expect(clampPrice(3.05, 3, 20)).toBe(3.1);
    expect(clampPrice(0.1 + 0.2, 0.2, 20)).toBe(0.3);
  });

  it('answers the minimum for a value that is not a number', () => {
    expect(clampPrice(Number.NaN, 0.5, 20)).toBe(0.5);
  });

  it('treats the draft price -1 as not chosen', () => {
    expect(isUnsetPrice(-1)).toBe(true);
    expect(isUnsetPrice(0.2)).toBe(false);
  });
});
