/** Router state handed from /login/ to /login2fa/ (docs/product/account.md#session-and-states). */
export type TwoFactorState = { credentialsToken: string; captcha: string };

export function readTwoFactorState(state: unknown): TwoFactorState | null {
  if (
    state &&
    typeof state === 'object' &&
    'credentialsToken' in state &&
    typeof state.credentialsToken === 'string' &&
    state.credentialsToken
  ) {
    const captcha = 'captcha' in state && typeof state.captcha === 'string' ? state.captcha : '';
    return { credentialsToken: state.credentialsToken, captcha };
  }
  return null;
}
