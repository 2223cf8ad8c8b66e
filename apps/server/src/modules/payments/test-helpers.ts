import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../app';
import { billingProfiles } from '../../db/schema/billing-profile';
import { paymentEvents, payments } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { body, loginAs } from '../../testing/helpers';

type Profile = Partial<typeof billingProfiles.$inferInsert>;

/** Billing details as the identification form saves them (an individual in Ireland unless told otherwise). */
export async function giveBillingDetails(app: App, userId: number, profile: Profile = {}) {
  await app.ctx.db
    .insert(billingProfiles)
    .values({
      userId,
      isCompany: false,
      firstName: 'Ada',
      lastName: 'Tester',
      address: '1 Quay Street, Galway',
      country: 'IE',
      ...profile,
    })
    .onConflictDoUpdate({ target: billingProfiles.userId, set: { ...profile, updatedAt: new Date() } });
}

/** An advertiser with billing details, ready to deposit. */
export async function depositor(app: App, profile: Profile = {}) {
  const session = await loginAs(app, 'advertiser');
  await giveBillingDetails(app, session.user.id, profile);
  return session;
}

export async function deposit(
  app: App,
  headers: Record<string, string>,
  method: 'card' | 'crypto',
  amount: unknown,
): Promise<{ status: number; url: string; paymentId: string; reason: string | null }> {
  const res = await app.inject({ method: 'POST', url: `/api/billing/deposit/${method}`, headers, payload: { amount } });
  const envelope = body<{ url: string; paymentId: string }>(res);
  return {
    status: res.statusCode,
    url: envelope.response?.url ?? '',
    paymentId: envelope.response?.paymentId ?? '',
    reason: envelope.reason,
  };
}

/** Presses a button of the sandbox page, as a browser submits its form; answers where it sends the browser. */
export async function pressSandboxButton(app: App, paymentId: string, action: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/sandbox/pay/${paymentId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ action }).toString(),
  });
  return { status: res.statusCode, location: String(res.headers.location ?? ''), body: res.body };
}

export async function balanceOf(app: App, userId: number) {
  const [row] = await app.ctx.db.select({ b: users.balanceMicros }).from(users).where(eq(users.id, userId));
  return row?.b ?? null;
}

export async function paymentRow(app: App, id: string) {
  const [row] = await app.ctx.db.select().from(payments).where(eq(payments.id, id));
  expect(row, `payment ${id}`).toBeDefined();
  return row as typeof payments.$inferSelect;
}

export const eventsOf = (app: App, paymentId: string) =>
  app.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));
