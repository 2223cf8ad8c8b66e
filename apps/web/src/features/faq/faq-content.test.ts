import { describe, expect, it } from 'vitest';
import { FAQ_CATEGORIES, faqCategoryOf, searchFaq } from './faq-content';

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
    const text = FAQ_CATEGORIES.flatMap((c) => c.entries.flatMap((e) => e.answer)).join(' ');
    for (const rule of ['100 EUR', '1 business day', '48 hours', '50 EUR', 'SWIFT', 'Mondays', '0.20 EUR', '300x250'])
      expect(text).toContain(rule);
  });
});
