import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './keys';

/** POST /api/user/emailVerification/request: sends a new code (empty body, explicit token). */
export const requestEmailCode = ({ token }: { token?: string } = {}) =>
  apiRequest<{ email: string }>('/user/emailVerification/request', { body: {}, token, authCall: true });

export const useRequestEmailCode = () =>
  useMutation({ mutationKey: authKeys.requestEmailCode(), mutationFn: requestEmailCode });
