import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsApi } from './client';
import { settingsKeys } from './keys';

/** GET /api/user/sessions/enabledList: the access log, newest first. */
export const getAccessLog = (signal?: AbortSignal) => settingsApi.accessLog({ signal });

export const accessLogQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.sessions(), queryFn: ({ signal }) => getAccessLog(signal) });

export const useAccessLog = () => useQuery(accessLogQueryOptions());
