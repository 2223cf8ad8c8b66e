import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingDetailsApi } from './client';
import { billingDetailsKeys } from './keys';

/** GET /api/billing/countries: every country by its English name. */
export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: billingDetailsKeys.countries(),
    queryFn: ({ signal }) => billingDetailsApi.countries({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET /api/billing/vat/countries: the member states whose companies may give a VAT code. */
export const vatCountriesQueryOptions = () =>
  queryOptions({
    queryKey: billingDetailsKeys.vatCountries(),
    queryFn: ({ signal }) => billingDetailsApi.vatCountries({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useCountries = () => useQuery(countriesQueryOptions());
export const useVatCountries = () => useQuery(vatCountriesQueryOptions());
