import { defineRoutes } from '../endpoint';

/** Conversion tracking (docs/product/conversions.md): advertisers only, on their own campaigns. */
const advertiser = ['advertiser'] as const;

export const conversionRoutes = defineRoutes({
  tracking: { method: 'GET', path: '/campaigns/:id/tracking', roles: advertiser },
  setWindow: { method: 'PUT', path: '/campaigns/:id/tracking', roles: advertiser },
  addGoal: { method: 'POST', path: '/campaigns/:id/goals', roles: advertiser },
  updateGoal: { method: 'PUT', path: '/campaigns/:id/goals/:goalId', roles: advertiser },
  deleteGoal: { method: 'DELETE', path: '/campaigns/:id/goals/:goalId', roles: advertiser },
  rotateToken: { method: 'POST', path: '/campaigns/:id/tracking/token', roles: advertiser },
  testConversion: { method: 'POST', path: '/campaigns/:id/tracking/test', roles: advertiser },
});
