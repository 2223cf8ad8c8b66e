/** Texts of the system endpoints (health, readiness). */
export const SYSTEM_MESSAGES = {
  notReady: 'This server cannot take traffic right now. Please try again in a moment.',
  /** While the first start seeds the demo world: every API call and page but the probes and the ad paths. */
  preparing: 'The demo world is being prepared. Please try again in a few seconds.',
} as const;
