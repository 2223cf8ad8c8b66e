import { useMutation } from '@tanstack/react-query';
import type { VatValidateInput } from '@cryptads/contract/billing';
import { billingDetailsApi } from './client';
import { billingDetailsKeys } from './keys';

/** POST /api/billing/vat/validate: the Verify button (docs/product/billing.md#identification). */
export const validateVat = (input: VatValidateInput) => billingDetailsApi.validateVat({ body: input });

export const useValidateVat = () =>
  useMutation({ mutationKey: billingDetailsKeys.validateVat(), mutationFn: validateVat });
