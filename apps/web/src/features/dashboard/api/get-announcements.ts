import { queryOptions, useQuery } from '@tanstack/react-query';
import { announcementsApi } from './client';
import { dashboardKeys } from './keys';

/** GET /api/announcements: newest first. */
export const getAnnouncements = (signal?: AbortSignal) => announcementsApi.list({ signal });

export const announcementsQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.announcements(), queryFn: ({ signal }) => getAnnouncements(signal) });

export const useAnnouncements = () => useQuery(announcementsQueryOptions());
