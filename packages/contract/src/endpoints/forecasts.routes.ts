import { defineRoutes } from '../endpoint';

/** Forecasts for advertisers (docs/product/forecasts.md). */
const advertiser = ['advertiser'] as const;

export const forecastRoutes = defineRoutes({
  forecast: { method: 'POST', path: '/campaigns/forecast', roles: advertiser },
  pace: { method: 'GET', path: '/campaigns/pace', roles: advertiser },
  campaignPace: { method: 'GET', path: '/campaigns/:id/pace', roles: advertiser },
});
