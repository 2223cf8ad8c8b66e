import { generate, generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238: 30-second steps, SHA-1, 6 digits, one step of drift either way. */
const PERIOD = 30;

export const newTotpSecret = () => generateSecret();

export const totpUri = (opts: { secret: string; issuer: string; label: string }) =>
  generateURI({ secret: opts.secret, issuer: opts.issuer, label: opts.label });

/**
 * Checks a code against the secret, accepting the previous and the next step, and refusing
 * any step at or before `lastStep` so that a code is never accepted twice.
 * Returns the accepted time step, or null.
 */
export async function checkTotp(secret: string, token: string, lastStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token,
    period: PERIOD,
    epochTolerance: PERIOD,
    ...(lastStep != null ? { afterTimeStep: lastStep } : {}),
  });
  if (!result.valid || !('timeStep' in result)) return null;
  return result.timeStep;
}

/** For tests and the demo: the code an authenticator app would show now (or at `epoch`). */
export const currentTotp = (secret: string, epoch?: number) =>
  generate({ secret, period: PERIOD, ...(epoch != null ? { epoch } : {}) });
