import { defineEndpoints } from '../endpoint';
import {
  CreateWebsiteInputSchema,
  UpdateWebsiteCategoriesInputSchema,
  UpdateWebsiteInputSchema,
  WebsiteDetailSchema,
  WebsiteIdParamsSchema,
  WebsiteInformationSchema,
  WebsiteListSchema,
  WebsiteNamesSchema,
  WebsiteOptionsSchema,
  WebsiteValidationQuerySchema,
  WebsiteVerificationSchema,
} from '../websites';
import { websiteRoutes } from './websites.routes';

const tag = 'websites';

export const websiteEndpoints = defineEndpoints(websiteRoutes, {
  options: { tag, summary: 'Categories and countries', response: WebsiteOptionsSchema },
  information: { tag, summary: 'Approved and total websites', response: WebsiteInformationSchema },
  validation: {
    tag,
    summary: 'Ownership verification state and instructions of a website',
    query: WebsiteValidationQuerySchema,
    response: WebsiteVerificationSchema,
  },
  list: { tag, summary: 'The publisher’s websites, by status then newest', response: WebsiteListSchema },
  names: { tag, summary: 'Website names for filters', response: WebsiteNamesSchema },
  create: {
    tag,
    summary: 'Add a website: creates its zones and answers the verification token',
    description: "409 'You have already added this website.' when the domain is already one of the publisher's.",
    body: CreateWebsiteInputSchema,
    response: WebsiteVerificationSchema,
  },
  detail: {
    tag,
    summary: 'A website with its zones and, when available, their ad codes',
    params: WebsiteIdParamsSchema,
    response: WebsiteDetailSchema,
  },
  update: {
    tag,
    summary: 'Rename zones ({aliases}: zone unique → alias) or set excluded categories ({categories})',
    params: WebsiteIdParamsSchema,
    body: UpdateWebsiteInputSchema,
    response: WebsiteDetailSchema,
  },
  preferences: {
    tag,
    summary: 'Website preferences: the excluded categories',
    params: WebsiteIdParamsSchema,
    body: UpdateWebsiteCategoriesInputSchema,
    response: WebsiteDetailSchema,
  },
  verification: {
    tag,
    summary: 'Verification token with the meta tag and file instructions',
    params: WebsiteIdParamsSchema,
    response: WebsiteVerificationSchema,
  },
  verify: {
    tag,
    summary: 'Check ownership now (meta tag in the home page, or the well-known file)',
    description:
      "400 'We couldn't validate your domain ownership. Please try again later...' when neither holds the token.",
    params: WebsiteIdParamsSchema,
    response: WebsiteVerificationSchema,
  },
});
