import { useMutation } from '@tanstack/react-query';
import type { LoginResponse, TwoFactorLoginInput } from '@cryptads/contract/auth';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './keys';

/** POST /api/login with credentialsToken, captcha and twoFactorCode: the 2FA step. */
export const loginTwoFactor = (input: TwoFactorLoginInput) =>
  apiRequest<LoginResponse>('/login', { body: input, authCall: true });

export const useLoginTwoFactor = () =>
  useMutation({ mutationKey: authKeys.loginTwoFactor(), mutationFn: loginTwoFactor });
