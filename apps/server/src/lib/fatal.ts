/**
 * What the process does with an error nobody caught (docs/decisions/023): an unhandled
 * promise rejection or an uncaught exception leaves the process in an unknown state, so it
 * is logged once (without secrets) and the server shuts down the same way as on SIGTERM
 * (requests in flight answered, the delivery recorder's buffer written, the database
 * closed), then exits with code 1 so that the supervisor restarts it. A second fatal error
 * during that shutdown is logged and the shutdown goes on; the shutdown's own deadline
 * (main.ts) still ends the process if closing hangs.
 */

export type FatalKind = 'unhandledRejection' | 'uncaughtException';

type FatalLog = { fatal: (obj: Record<string, unknown>, msg: string) => void };

/** Credentials in URLs (postgres://user:password@host) and known secret values, masked. */
export function redactSecrets(text: string, secrets: readonly (string | null | undefined)[] = []): string {
  let out = text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@:]*:[^\s/@]*@/gi, '$1[redacted]@');
  for (const secret of secrets) if (secret && secret.length >= 8) out = out.split(secret).join('[redacted]');
  return out;
}

/** A plain, secret-free description of whatever was thrown or rejected. */
export function describeFatal(reason: unknown, secrets: readonly (string | null | undefined)[] = []) {
  if (reason instanceof Error) {
    const code = (reason as { code?: unknown }).code;
    return {
      type: reason.name,
      message: redactSecrets(reason.message, secrets),
      stack: reason.stack ? redactSecrets(reason.stack, secrets) : undefined,
      ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    };
  }
  // Not an Error: its text only, cut short (a rejected object may hold anything).
  return { type: typeof reason, message: redactSecrets(String(reason).slice(0, 500), secrets) };
}

type ProcessLike = {
  on: (event: FatalKind, listener: (reason: unknown) => void) => unknown;
  off: (event: FatalKind, listener: (reason: unknown) => void) => unknown;
};

/**
 * Listens for both fatal events on `proc`; `shutdown(1)` runs once. Returns a function that
 * removes the listeners (tests).
 */
export function installFatalHandlers(
  proc: ProcessLike,
  deps: { log: FatalLog; shutdown: (exitCode: number) => unknown; secrets?: readonly (string | null | undefined)[] },
): () => void {
  let fatal = false;
  const handler = (kind: FatalKind) => (reason: unknown) => {
    const err = describeFatal(reason, deps.secrets);
    if (fatal) {
      deps.log.fatal({ kind, error: err }, `${kind} during shutdown`);
      return;
    }
    fatal = true;
    deps.log.fatal({ kind, error: err }, `${kind}: shutting down`);
    void deps.shutdown(1);
  };
  const onRejection = handler('unhandledRejection');
  const onException = handler('uncaughtException');
  proc.on('unhandledRejection', onRejection);
  proc.on('uncaughtException', onException);
  return () => {
    proc.off('unhandledRejection', onRejection);
    proc.off('uncaughtException', onException);
  };
}
