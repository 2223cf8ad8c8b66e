import { useMutation } from '@tanstack/react-query';
import { authApi } from './client';
import { authKeys } from './keys';

/** POST /api/user/emailVerification/request: sends a new code (empty body; the session is the cookie). */
export const requestEmailCode = () => authApi.requestEmailCode({ body: {}, authCall: true });

export const useRequestEmailCode = () =>
  useMutation({ mutationKey: authKeys.requestEmailCode(), mutationFn: requestEmailCode });
