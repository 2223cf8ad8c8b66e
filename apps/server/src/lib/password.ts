import { hash, verify } from '@node-rs/argon2';

/** Argon2id at the OWASP minimum: 19 MiB, 2 passes, 1 lane. */
const OPTIONS = {
  algorithm: 2 /* Argon2id; the enum is a const enum we cannot import */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against this when the account does not exist keeps the timing the same. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy password that matches no account');
  await verifyPassword(await dummyHash, password);
}
