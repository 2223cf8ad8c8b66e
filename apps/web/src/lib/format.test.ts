import { describe, expect, it } from 'vitest';
import { formatNumber, formatShare } from './format';

describe('figures in the back office', () => {
  it('groups counts and writes shares as percentages with one decimal at most', () => {
    expect(formatNumber(12345)).toBe('12,345');
    expect(formatShare(0.125)).toBe('12.5%');
    expect(formatShare(0.1234)).toBe('12.3%');
    expect(formatShare(0)).toBe('0%');
  });
});
