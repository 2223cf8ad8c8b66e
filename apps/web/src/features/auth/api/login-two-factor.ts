import { useMutation } from '@tanstack/react-query';
import type { TwoFactorLoginInput } from '@cryptads/contract/auth';
import { authApi } from './client';
import { authKeys } from './keys';

/** POST /api/login with credentialsToken, captcha and twoFactorCode: the 2FA step. */
export const loginTwoFactor = (input: TwoFactorLoginInput) => authApi.login({ body: input, authCall: true });

export const useLoginTwoFactor = () =>
  useMutation({ mutationKey: authKeys.loginTwoFactor(), mutationFn: loginTwoFactor });
