import { useMutation } from '@tanstack/react-query';
import type { RegisterInput, RegisterResponse } from '@cryptads/contract/auth';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './keys';

/** POST /api/register: creates the account and answers a verification-only token. */
export const register = (input: RegisterInput) =>
  apiRequest<RegisterResponse>('/register', { body: input, authCall: true });

export const useRegister = () => useMutation({ mutationKey: authKeys.register(), mutationFn: register });
