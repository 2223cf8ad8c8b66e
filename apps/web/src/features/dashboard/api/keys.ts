export const dashboardKeys = {
  all: ['dashboard'] as const,
  announcements: () => [...dashboardKeys.all, 'announcements'] as const,
  news: () => [...dashboardKeys.all, 'news'] as const,
  campaignsInformation: () => [...dashboardKeys.all, 'campaigns-information'] as const,
  websitesInformation: () => [...dashboardKeys.all, 'websites-information'] as const,
  signTerms: () => [...dashboardKeys.all, 'sign-terms'] as const,
  todayStats: () => [...dashboardKeys.all, 'today-stats'] as const,
  verification: () => [...dashboardKeys.all, 'verification'] as const,
};
