import { useMutation } from '@tanstack/react-query';
import type { LoginInput } from '@cryptads/contract/auth';
import { TWO_FACTOR_STEP_PREFERENCE } from '@cryptads/contract/endpoints/auth.routes';
import { authApi } from './client';
import { authKeys } from './keys';

/**
 * POST /api/login with email and password. An envelope with code 403 means two-factor (asked as
 * HTTP 200, so the browser's console shows no error: docs/decisions/047); 401 code 99 means banned.
 */
export const login = (input: LoginInput) =>
  authApi.login({ body: input, authCall: true, prefer: TWO_FACTOR_STEP_PREFERENCE });

export const useLogin = () => useMutation({ mutationKey: authKeys.login(), mutationFn: login });
