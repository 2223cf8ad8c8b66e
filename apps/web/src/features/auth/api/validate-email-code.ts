import { useMutation } from '@tanstack/react-query';
import { authApi } from './client';
import { authKeys } from './keys';

/**
 * POST /api/user/emailVerification/validate. `token` is the pending sign-up's; without it
 * the client sends the temporary credentials of the login popup.
 */
export const validateEmailCode = ({ code, token }: { code: string; token?: string }) =>
  authApi.validateEmailCode({ body: { code }, token, authCall: true });

export const useValidateEmailCode = () =>
  useMutation({ mutationKey: authKeys.validateEmailCode(), mutationFn: validateEmailCode });
