/**
 * Query keys of the settings screens. `sessions()` plays the part of the product's "Sessions"
 * cache tag: closing a session invalidates it and the access log loads again.
 */
export const settingsKeys = {
  all: ['settings'] as const,
  sessions: () => [...settingsKeys.all, 'sessions'] as const,
  twoFactor: () => [...settingsKeys.all, 'two-factor'] as const,
  twoFactorRequest: () => [...settingsKeys.all, 'two-factor', 'request'] as const,
  preferences: () => [...settingsKeys.all, 'preferences'] as const,
  sellerListing: () => [...settingsKeys.all, 'seller-listing'] as const,
};

/** Mutation keys (they name the calls in devtools and tests). */
export const settingsMutationKeys = {
  closeSession: () => [...settingsKeys.all, 'close-session'] as const,
  enableTwoFactor: () => [...settingsKeys.all, 'two-factor', 'enable'] as const,
  disableTwoFactor: () => [...settingsKeys.all, 'two-factor', 'disable'] as const,
  changePassword: () => [...settingsKeys.all, 'password'] as const,
  updatePreferences: () => [...settingsKeys.all, 'preferences', 'update'] as const,
  updateSellerListing: () => [...settingsKeys.all, 'seller-listing', 'update'] as const,
  deleteAccount: () => [...settingsKeys.all, 'delete'] as const,
  cancelDeletion: () => [...settingsKeys.all, 'delete', 'cancel'] as const,
};
