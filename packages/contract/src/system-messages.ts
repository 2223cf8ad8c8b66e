/** Texts of the system endpoints (health, readiness). */
export const SYSTEM_MESSAGES = {
  notReady: 'This server cannot take traffic right now. Please try again in a moment.',
} as const;
