import { queryOptions, useQuery } from '@tanstack/react-query';
import { depositsApi } from './client';
import { depositKeys } from './keys';

/** GET /api/billing/deposit/bank-transfer: our bank details and this account's reference. */
export const getBankTransferDetails = (signal?: AbortSignal) => depositsApi.bankTransfer({ signal });

export const bankTransferQueryOptions = () =>
  queryOptions({ queryKey: depositKeys.bankTransfer(), queryFn: ({ signal }) => getBankTransferDetails(signal) });

export const useBankTransferDetails = (enabled = true) => useQuery({ ...bankTransferQueryOptions(), enabled });
