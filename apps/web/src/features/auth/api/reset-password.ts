import { useMutation } from '@tanstack/react-query';
import type { RecoveryValidateInput } from '@cryptads/contract/auth';
import { authApi } from './client';
import { authKeys } from './keys';

/** POST /api/recovery-validate {password, code, captcha}. */
export const resetPassword = (input: RecoveryValidateInput) =>
  authApi.recoveryValidate({ body: input, authCall: true });

export const useResetPassword = () => useMutation({ mutationKey: authKeys.resetPassword(), mutationFn: resetPassword });
