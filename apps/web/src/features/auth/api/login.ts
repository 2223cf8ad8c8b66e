import { useMutation } from '@tanstack/react-query';
import type { LoginInput, LoginResponse } from '@cryptads/contract/auth';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './keys';

/** POST /api/login with email and password. 403 means two-factor; 401 code 99 means banned. */
export const login = (input: LoginInput) => apiRequest<LoginResponse>('/login', { body: input, authCall: true });

export const useLogin = () => useMutation({ mutationKey: authKeys.login(), mutationFn: login });
