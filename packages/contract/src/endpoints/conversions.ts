import { CampaignIdParamsSchema } from '../campaigns';
import {
  GoalInputSchema,
  GoalParamsSchema,
  TestConversionInputSchema,
  TestConversionSchema,
  TrackingSchema,
  WindowInputSchema,
} from '../conversions';
import { defineEndpoints } from '../endpoint';
import { conversionRoutes } from './conversions.routes';

const tag = 'conversions';

export const conversionEndpoints = defineEndpoints(conversionRoutes, {
  tracking: {
    tag,
    summary: "A campaign's conversion tracking: postback URL, pixel, goals, window and refusals",
    params: CampaignIdParamsSchema,
    response: TrackingSchema,
  },
  setWindow: {
    tag,
    summary: 'Set the attribution window (1 to 90 days)',
    params: CampaignIdParamsSchema,
    body: WindowInputSchema,
    response: TrackingSchema,
  },
  addGoal: {
    tag,
    summary: 'Add a goal (name and default value in euros)',
    params: CampaignIdParamsSchema,
    body: GoalInputSchema,
    response: TrackingSchema,
  },
  updateGoal: {
    tag,
    summary: 'Change a goal',
    params: GoalParamsSchema,
    body: GoalInputSchema,
    response: TrackingSchema,
  },
  deleteGoal: { tag, summary: 'Delete a goal', params: GoalParamsSchema, response: TrackingSchema },
  rotateToken: {
    tag,
    summary: "Replace the advertiser's postback token (the old one stops working at once)",
    params: CampaignIdParamsSchema,
    response: TrackingSchema,
  },
  testConversion: {
    tag,
    summary: 'Send a test conversion through the postback for a test click; answers what the server received',
    params: CampaignIdParamsSchema,
    body: TestConversionInputSchema,
    response: TestConversionSchema,
  },
});
