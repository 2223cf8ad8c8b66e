import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './keys';

/**
 * POST /api/user/emailVerification/validate. `token` is the pending sign-up's; without it
 * the client sends the temporary credentials of the login popup.
 */
export const validateEmailCode = ({ code, token }: { code: string; token?: string }) =>
  apiRequest<{ verified: true }>('/user/emailVerification/validate', { body: { code }, token, authCall: true });

export const useValidateEmailCode = () =>
  useMutation({ mutationKey: authKeys.validateEmailCode(), mutationFn: validateEmailCode });
