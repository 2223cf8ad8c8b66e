import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportsApi } from './client';
import { dashboardKeys } from './keys';

/** GET /api/reports: today's impressions, clicks, money and CTR of the user (UTC day). */
export const getTodayStats = (signal?: AbortSignal) => reportsApi.today({ signal });

export const todayStatsQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.todayStats(), queryFn: ({ signal }) => getTodayStats(signal) });

/** Today's numbers move while traffic comes in: read them again every minute the page is open. */
export const useTodayStats = () => useQuery({ ...todayStatsQueryOptions(), refetchInterval: 60_000 });
