import { type PendingSignup, PendingSignupSchema } from '@cryptads/contract/auth';

/** The pending sign-up record (docs/product/account.md#data), kept between sign-up and verification. */
export const PENDING_SIGNUP_KEY = 'cryptads_pending_signup';

export function readPendingSignup(): PendingSignup | null {
  try {
    const raw = window.localStorage.getItem(PENDING_SIGNUP_KEY);
    if (!raw) return null;
    const parsed = PendingSignupSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function savePendingSignup(record: PendingSignup) {
  try {
    window.localStorage.setItem(PENDING_SIGNUP_KEY, JSON.stringify(record));
  } catch {
    // Without storage the flow still works in this tab; it only cannot resume later.
  }
}

export function clearPendingSignup() {
  try {
    window.localStorage.removeItem(PENDING_SIGNUP_KEY);
  } catch {
    // Nothing stored.
  }
}
