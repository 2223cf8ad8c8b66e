import type { sessions, users } from '../../db/schema/users';

/** Rows of the auth check, shared by the sessions service and the session cache (no code). */
export type SessionScope = 'full' | 'verification';
export type SessionRow = typeof sessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;
