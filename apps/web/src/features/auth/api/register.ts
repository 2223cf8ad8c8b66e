import { useMutation } from '@tanstack/react-query';
import type { RegisterInput } from '@cryptads/contract/auth';
import { authApi } from './client';
import { authKeys } from './keys';

/** POST /api/register: creates the account and answers a verification-only token. */
export const register = (input: RegisterInput) => authApi.register({ body: input, authCall: true });

export const useRegister = () => useMutation({ mutationKey: authKeys.register(), mutationFn: register });
