import { queryOptions, useQuery } from '@tanstack/react-query';
import { depositsApi } from './client';
import { depositKeys } from './keys';

/** GET /api/billing/deposit/crypto-id: the crypto payment generated and not paid yet (Pay Now or Reset). */
export const getOpenCryptoPayment = (signal?: AbortSignal) => depositsApi.cryptoId({ signal });

export const openCryptoPaymentQueryOptions = () =>
  queryOptions({ queryKey: depositKeys.openCrypto(), queryFn: ({ signal }) => getOpenCryptoPayment(signal) });

export const useOpenCryptoPayment = (enabled = true) => useQuery({ ...openCryptoPaymentQueryOptions(), enabled });
