import { useMutation } from '@tanstack/react-query';
import type { RecoveryInput } from '@cryptads/contract/auth';
import { authApi } from './client';
import { authKeys } from './keys';

/** POST /api/recovery: mails a reset link when the account exists (same answer either way). */
export const requestRecovery = (input: RecoveryInput) => authApi.recovery({ body: input, authCall: true });

export const useRequestRecovery = () =>
  useMutation({ mutationKey: authKeys.requestRecovery(), mutationFn: requestRecovery });
