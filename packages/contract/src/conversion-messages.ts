/**
 * Conversion tracking's user-visible texts and refusal reasons (docs/product/conversions.md).
 */
export const ConversionRefusal = {
  NoClick: 'noClick',
  OutsideWindow: 'outsideWindow',
  ForeignClick: 'foreignClick',
  InvalidClick: 'invalidClick',
  BadToken: 'badToken',
  UnknownGoal: 'unknownGoal',
  Currency: 'currency',
  Duplicate: 'duplicate',
  RateLimited: 'rateLimited',
  BadRequest: 'badRequest',
} as const;
export type ConversionRefusal = (typeof ConversionRefusal)[keyof typeof ConversionRefusal];

export const CONVERSION_REFUSAL_LABELS: Record<ConversionRefusal, string> = {
  noClick: 'No such click',
  outsideWindow: 'Outside the attribution window',
  foreignClick: "Another advertiser's click",
  invalidClick: 'Click filtered as invalid traffic',
  badToken: 'Wrong token',
  unknownGoal: 'Unknown goal',
  currency: 'Currency not supported (EUR only)',
  duplicate: 'Already counted for this click and goal',
  rateLimited: 'Too many postbacks',
  badRequest: 'Missing or malformed parameters',
};

export const CONVERSION_MESSAGES = {
  goalExists: 'This campaign already has a goal with this name.',
  goalNotFound: 'Goal not found.',
  goalName: 'Please enter a goal name: letters, digits, dot, dash or underscore, at most 40.',
  goalValue: 'Please enter a value between €0 and €100,000.',
  window: 'Please choose an attribution window of 1 to 90 days.',
  tooManyGoals: 'A campaign has at most 20 goals.',
  noGoal: 'Please add a goal first.',
} as const;

/** Limits of conversion tracking. */
export const ATTRIBUTION_DAYS_DEFAULT = 30;
export const ATTRIBUTION_DAYS_MIN = 1;
export const ATTRIBUTION_DAYS_MAX = 90;
export const GOALS_PER_CAMPAIGN_MAX = 20;
export const GOAL_VALUE_MAX_EUROS = 100_000;
/** Postbacks per minute per token, and per IP address (guessing click ids), per server process. */
export const POSTBACKS_PER_MINUTE_PER_TOKEN = 600;
export const POSTBACKS_PER_MINUTE_PER_IP = 300;
