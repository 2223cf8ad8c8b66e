import { describe, expect, it } from 'vitest';
import type { PublicRules } from '@cryptads/contract/system';
import { faqCategories, faqCategoryOf, searchFaq } from './faq-content';

/** The defaults of docs/product/limits.md#our-choices, as GET /api/config answers them on a deployment that changes nothing. */
const defaults: PublicRules = {
  minimumBids: { DISPLAY_TYPE_REGULAR: 0.2, DISPLAY_TYPE_PREMIUM: 3, NATIVE: 0.5, APPLICATION: 0.5, POPUNDER: 1 },
  minimumBidsClick: { NATIVE: 0.05 },
  maxPrice: 20,
  revenueShare: 0.7,
  deletionGraceDays: 14,
};
const textOf = (rules: PublicRules | null) =>
  faqCategories(rules)
    .flatMap((c) => c.entries.flatMap((e) => e.answer))
    .join(' ');

describe('FAQ', () => {
  it('maps each route to its category', () => {
    expect(faqCategoryOf('/faq/').id).toBe('general');
    expect(faqCategoryOf('/faq/advertisers-faq/').id).toBe('advertisers');
    expect(faqCategoryOf('/faq/publishers-faq').id).toBe('publishers');
    expect(faqCategoryOf('/faq/unknown/').id).toBe('general');
  });

  it('searches across all three categories', () => {
    const hits = searchFaq('payout');
    expect(new Set(hits.map((h) => h.category.id))).toEqual(new Set(['general', 'publishers']));
    expect(searchFaq('minimum deposit').some((h) => h.category.id === 'advertisers')).toBe(true);
  });

  it('needs every word, ignores case and ranks question matches first', () => {
    const hits = searchFaq('SEPA 48');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => `${h.entry.question} ${h.entry.answer.join(' ')}`.includes('SEPA'))).toBe(true);
    expect(searchFaq('two-factor')[0]?.entry.question).toMatch(/two-factor/i);
    expect(searchFaq('zzqx nothing')).toEqual([]);
    expect(searchFaq('   ')).toEqual([]);
  });

  it('states the product rules the brief fixes', () => {
    const text = textOf(defaults);
    for (const rule of ['100 EUR', '1 business day', '48 hours', '50 EUR', 'SWIFT', 'Mondays', '0.20 EUR', '300x250'])
      expect(text).toContain(rule);
  });

  it('states the minimum bids, revenue share and deletion delay the deployment configures', () => {
    const text = textOf({
      ...defaults,
      minimumBids: { ...defaults.minimumBids, DISPLAY_TYPE_REGULAR: 0.35, NATIVE: 0.125 },
      maxPrice: 15,
      revenueShare: 0.65,
      deletionGraceDays: 30,
    });
    expect(text).toContain('Display regular 0.35 EUR');
    expect(text).toContain('Native 0.125 EUR');
    expect(text).toContain('the maximum price is 15 EUR');
    expect(text).toContain('(65 % by default)');
    expect(text).toContain('carried out 30 days after you made it');
    expect(text).not.toContain('0.20 EUR');
  });

  it('names no figure it does not know while the configuration is missing', () => {
    const text = textOf(null);
    expect(text).not.toMatch(/Display regular \d/);
    expect(text).toContain('the campaign wizard shows it beside the price');
    expect(text).not.toContain('% by default');
  });
});
