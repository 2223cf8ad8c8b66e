import { useMutation } from '@tanstack/react-query';
import { authApi } from './client';
import { authKeys } from './keys';

/**
 * POST /api/user/emailVerification/validate, with the session cookie the sign-up or the login
 * opened (one that may only verify the email until this call succeeds).
 */
export const validateEmailCode = ({ code }: { code: string }) =>
  authApi.validateEmailCode({ body: { code }, authCall: true });

export const useValidateEmailCode = () =>
  useMutation({ mutationKey: authKeys.validateEmailCode(), mutationFn: validateEmailCode });
