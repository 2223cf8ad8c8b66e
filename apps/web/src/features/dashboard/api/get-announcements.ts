import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Announcement } from '@cryptads/contract/announcements';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** GET /api/announcements: newest first. */
export const getAnnouncements = (signal?: AbortSignal) => apiRequest<Announcement[]>('/announcements', { signal });

export const announcementsQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.announcements(), queryFn: ({ signal }) => getAnnouncements(signal) });

export const useAnnouncements = () => useQuery(announcementsQueryOptions());
