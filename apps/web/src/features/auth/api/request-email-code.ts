import { useMutation } from '@tanstack/react-query';
import { authApi } from './client';
import { authKeys } from './keys';

/** POST /api/user/emailVerification/request: sends a new code (empty body, explicit token). */
export const requestEmailCode = ({ token }: { token?: string } = {}) =>
  authApi.requestEmailCode({ body: {}, token, authCall: true });

export const useRequestEmailCode = () =>
  useMutation({ mutationKey: authKeys.requestEmailCode(), mutationFn: requestEmailCode });
