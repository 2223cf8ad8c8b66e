import { z } from 'zod';
import {
  CAMPAIGN_MESSAGES as M,
  CampaignFieldsSchema,
  type CampaignKind,
  type CampaignOptions,
  campaignPricingSchema,
  NativeCreativeInputSchema,
  ResourceRefSchema,
} from '@cryptads/contract/campaigns';
import { WIZARDS, type WizardType } from './wizard';

// The zod half of the wizard's helpers, apart so that the campaign list's setup tab fetches
// it when the person first edits or saves, not with the list (decision 027).

const fields = CampaignFieldsSchema.shape;

/**
 * What each step checks, built from the contract's schemas (so messages and limits are
 * the contract's). Fields of other steps pass through untouched.
 */
export function stepSchema(type: WizardType, step: number, options: CampaignOptions, kind: CampaignKind) {
  const name = WIZARDS[type][step];
  switch (name) {
    case 'General Details':
      return z.object({
        name: fields.name,
        landingUrl: fields.landingUrl,
        category: fields.category,
        runAfterApproval: fields.runAfterApproval,
      });
    case 'Pricing Details':
      return z
        .object({
          dailyBudget: fields.dailyBudget,
          throttleBudget: fields.throttleBudget,
          capping: fields.capping,
          cappingTime: fields.cappingTime,
        })
        .and(campaignPricingSchema(options, kind));
    case 'Audience Targeting':
      return z
        .object({ device: fields.device, countries: fields.countries, allCountries: z.boolean() })
        .refine((v) => v.allCountries || v.countries.length > 0, { path: ['countries'], error: M.countryInvalid });
    case 'Upload Creatives':
      return z.object({ banners: z.array(ResourceRefSchema).min(1, M.bannerRequired) });
    default:
      return z.object({ native: NativeCreativeInputSchema });
  }
}

/** The setup tab's check: every field of the first three steps at once. */
export function fieldsSchema(options: CampaignOptions, kind: CampaignKind) {
  return stepSchema('popunder', 0, options, kind)
    .and(stepSchema('popunder', 1, options, kind))
    .and(stepSchema('popunder', 2, options, kind));
}
