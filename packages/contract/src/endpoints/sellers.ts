import { defineEndpoints } from '../endpoint';
import { AdsTxtParamsSchema, AdsTxtStateSchema, SellerListingSchema, UpdateSellerListingInputSchema } from '../sellers';
import { sellerRoutes } from './sellers.routes';

const tag = 'websites';

export const sellerEndpoints = defineEndpoints(sellerRoutes, {
  listing: {
    tag,
    summary: 'The caller’s sellers.json listing: seller id, confidential or not, and what the file shows',
    response: SellerListingSchema,
  },
  updateListing: {
    tag,
    summary: 'List the caller in sellers.json as confidential (seller id only) or by name and domain',
    body: UpdateSellerListingInputSchema,
    response: SellerListingSchema,
  },
  adsTxt: {
    tag,
    summary: 'The ads.txt line of a website and its last check (present, missing or wrong, why, when)',
    params: AdsTxtParamsSchema,
    response: AdsTxtStateSchema,
  },
  checkAdsTxt: {
    tag,
    summary: 'Check the website’s /ads.txt now for its line',
    description:
      'A result is an answer, not an error: status missing or wrong with the reason. 429 past 6 checks a minute.',
    params: AdsTxtParamsSchema,
    response: AdsTxtStateSchema,
  },
});
