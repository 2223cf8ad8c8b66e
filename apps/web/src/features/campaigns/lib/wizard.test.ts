import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES as M } from '@cryptads/contract/campaign-messages';
import { OPTIONS } from '../testing/options-fixture';
import { createPayload, defaultValues, draftData, restoreDraft } from './wizard';
import { stepSchema } from './wizard-schema';

describe('restoreDraft', () => {
  it('starts a new wizard on step 1 with the draft defaults (price -1, daily budget 50)', () => {
    const state = restoreDraft('display', null);
    expect(state.activeStep).toBe(0);
    expect(state.values.price).toBe(-1);
    expect(state.values.dailyBudget).toBe(50);
  });

  it('gives back the saved values and step', () => {
    const values = { ...defaultValues('display'), name: 'Saved', capping: 4, cappingTime: 3600 };
    const state = restoreDraft('display', draftData({ values, activeStep: 2, reached: 3 }));
    expect(state).toMatchObject({ activeStep: 2, reached: 3 });
    expect(state.values).toMatchObject({ name: 'Saved', capping: 4, cappingTime: 3600, kind: 'display' });
  });

  it('ignores values of the wrong type and steps outside the wizard', () => {
    const state = restoreDraft('popunder', { activeStep: 9, values: { name: 42, kind: 'display', device: 'x' } });
    expect(state.activeStep).toBe(2);
    expect(state.values.name).toBe('');
    expect(state.values.kind).toBe('popunder');
    expect(state.values.device).toBe(3);
  });
});

describe('stepSchema', () => {
  it('checks the price against the minimum of the kind and traffic type', () => {
    const values = { ...defaultValues('display'), price: 1 };
    const regular = stepSchema('display', 1, OPTIONS, 'display').safeParse(values);
    expect(regular.success).toBe(true);
    const premium = stepSchema('display', 1, OPTIONS, 'display').safeParse({ ...values, trafficType: 1 });
    expect(premium.error?.issues.map((i) => i.message)).toContain(M.priceTooLow(3));
  });

  it('asks for a banner on the upload step', () => {
    const r = stepSchema('display', 3, OPTIONS, 'display').safeParse(defaultValues('display'));
    expect(r.error?.issues[0]?.message).toBe(M.bannerRequired);
  });
});

describe('createPayload', () => {
  it('sends no countries for all countries and the banners by resource', () => {
    const values = {
      ...defaultValues('display'),
      countries: ['DE'],
      allCountries: true,
      banners: [{ resource: 'r1', name: 'a.png', url: '/u/a.png', width: 300, height: 250, size: '300x250' }],
    };
    const body = createPayload(values);
    expect(body.countries).toEqual([]);
    expect(body.creatives).toEqual([{ resource: 'r1', name: 'a.png' }]);
    expect(body.nativeCreatives).toEqual([]);
  });
});
