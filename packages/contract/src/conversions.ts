import { z } from 'zod';
import { CampaignIdParamsSchema } from './campaigns';
import {
  ATTRIBUTION_DAYS_MAX,
  ATTRIBUTION_DAYS_MIN,
  CONVERSION_MESSAGES as M,
  GOAL_VALUE_MAX_EUROS,
} from './conversion-messages';

export * from './conversion-messages';

/**
 * Conversion tracking (docs/product/conversions.md): the advertiser's goals, attribution
 * window and postback token, and the public postback and pixel.
 */

/** A click id as /click issues it: 128 random bits, base64url (22 characters). */
export const CLICK_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const GOAL_NAME_PATTERN = /^[A-Za-z0-9._-]{1,40}$/;

export const GoalNameSchema = z.string().trim().regex(GOAL_NAME_PATTERN, M.goalName);
/** Euros with at most 2 decimals. */
export const GoalValueSchema = z
  .number()
  .min(0, M.goalValue)
  .max(GOAL_VALUE_MAX_EUROS, M.goalValue)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, M.goalValue);

export const GoalInputSchema = z.object({ name: GoalNameSchema, defaultValue: GoalValueSchema });
export type GoalInput = z.infer<typeof GoalInputSchema>;
export const GoalParamsSchema = CampaignIdParamsSchema.extend({
  goalId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const WindowInputSchema = z.object({
  attributionDays: z.number().int().min(ATTRIBUTION_DAYS_MIN, M.window).max(ATTRIBUTION_DAYS_MAX, M.window),
});
export const TestConversionInputSchema = z.object({ goal: GoalNameSchema });

export const GoalSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Euros. */
  defaultValue: z.number(),
});
export type Goal = z.infer<typeof GoalSchema>;

export const TrackingSchema = z.object({
  campaignId: z.number().int(),
  /** The server-to-server postback with the advertiser's token; {click_id}, {goal}, {value} to fill. */
  postbackUrl: z.string(),
  /** The pixel's <img> tag. */
  pixelTag: z.string(),
  token: z.string(),
  attributionDays: z.number().int(),
  goals: z.array(GoalSchema),
  /** Refused conversions of the advertiser over the last 30 days, per reason, most first. */
  refusals: z.array(z.object({ reason: z.string(), label: z.string(), count: z.number().int() })),
  /** Attributed conversions of this campaign, test ones apart. */
  conversions: z.number().int(),
  testConversions: z.number().int(),
});
export type Tracking = z.infer<typeof TrackingSchema>;

/** GET /postback: the query. Values are checked by the handler, which names the refusal. */
export const PostbackQuerySchema = z.object({
  click_id: z.string().max(200).optional(),
  goal: z.string().max(200).optional(),
  value: z.string().max(40).optional(),
  currency: z.string().max(10).optional(),
  token: z.string().max(200).optional(),
});
export type PostbackQuery = z.infer<typeof PostbackQuerySchema>;

/** What /postback answers (JSON). */
export const PostbackAnswerSchema = z.object({
  status: z.enum(['accepted', 'refused']),
  reason: z.string().optional(),
  message: z.string().optional(),
  conversion: z
    .object({
      clickId: z.string(),
      goal: z.string(),
      value: z.number(),
      campaignId: z.number().int(),
      test: z.boolean(),
    })
    .optional(),
});
export type PostbackAnswer = z.infer<typeof PostbackAnswerSchema>;

/** "Send a test conversion": the request the server sent to its own postback and what it answered. */
export const TestConversionSchema = z.object({
  request: z.string(),
  httpStatus: z.number().int(),
  answer: PostbackAnswerSchema,
});
export type TestConversion = z.infer<typeof TestConversionSchema>;
