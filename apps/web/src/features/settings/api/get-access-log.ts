import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccessLog } from '@cryptads/contract/settings';
import { apiRequest } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** GET /api/user/sessions/enabledList: the access log, newest first. */
export const getAccessLog = (signal?: AbortSignal) => apiRequest<AccessLog>('/user/sessions/enabledList', { signal });

export const accessLogQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.sessions(), queryFn: ({ signal }) => getAccessLog(signal) });

export const useAccessLog = () => useQuery(accessLogQueryOptions());
