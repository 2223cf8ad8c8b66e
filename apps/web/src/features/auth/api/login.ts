import { useMutation } from '@tanstack/react-query';
import type { LoginInput } from '@cryptads/contract/auth';
import { authApi } from './client';
import { authKeys } from './keys';

/** POST /api/login with email and password. 403 means two-factor; 401 code 99 means banned. */
export const login = (input: LoginInput) => authApi.login({ body: input, authCall: true });

export const useLogin = () => useMutation({ mutationKey: authKeys.login(), mutationFn: login });
