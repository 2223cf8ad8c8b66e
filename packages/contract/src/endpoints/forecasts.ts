import { defineEndpoints } from '../endpoint';
import { CampaignIdParamsSchema } from '../campaigns';
import { CampaignPaceAnswerSchema, ForecastRequestSchema, ForecastSchema, PaceSchema } from '../forecasts';
import { forecastRoutes } from './forecasts.routes';

const tag = 'campaigns';

export const forecastEndpoints = defineEndpoints(forecastRoutes, {
  forecast: {
    tag,
    summary: 'Traffic forecast of a targeting draft',
    description:
      'Daily eligible requests over the last 14 days (invalid traffic excluded), the impressions and clicks the bid would win against the running campaigns, the daily spend, the days the total budget lasts and the viewability of that traffic.',
    body: ForecastRequestSchema,
    response: ForecastSchema,
  },
  pace: {
    tag,
    summary: 'Pace of the running campaigns',
    description:
      'Spend per hour over the last 24 hours, when daily and total budgets are reached, and when the balance runs out.',
    response: PaceSchema,
  },
  campaignPace: {
    tag,
    summary: "One campaign's pace",
    description:
      "Null figures while the campaign is not Delivering; the campaign's viewability over its whole history always. Another advertiser's campaign is 404.",
    params: CampaignIdParamsSchema,
    response: CampaignPaceAnswerSchema,
  },
});
