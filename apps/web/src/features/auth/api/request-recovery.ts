import { useMutation } from '@tanstack/react-query';
import type { RecoveryInput } from '@cryptads/contract/auth';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './keys';

/** POST /api/recovery: mails a reset link when the account exists (same answer either way). */
export const requestRecovery = (input: RecoveryInput) =>
  apiRequest<{ message: string }>('/recovery', { body: input, authCall: true });

export const useRequestRecovery = () =>
  useMutation({ mutationKey: authKeys.requestRecovery(), mutationFn: requestRecovery });
