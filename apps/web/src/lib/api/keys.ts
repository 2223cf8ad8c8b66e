/**
 * Query keys of the data every part of the app reads (the public configuration and the
 * logged-in user). Feature-specific keys live in their feature's api/keys.ts.
 */
export const systemKeys = {
  all: ['system'] as const,
  config: () => [...systemKeys.all, 'config'] as const,
};

export const userKeys = {
  all: ['user'] as const,
  details: () => [...userKeys.all, 'details'] as const,
};

/** The platform terms (dashboard modal and the /terms/ page). */
export const termsKeys = {
  all: ['terms'] as const,
  current: () => [...termsKeys.all, 'current'] as const,
};

/** A publisher's next payout (dashboard and Withdraw Options). */
export const payoutKeys = {
  all: ['payouts'] as const,
  next: () => [...payoutKeys.all, 'next'] as const,
};
