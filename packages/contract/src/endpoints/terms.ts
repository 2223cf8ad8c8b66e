import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import { LegalDocumentSchema, PlatformTermsSchema, SignedTermsSchema } from '../terms';
import { termsRoutes } from './terms.routes';

const tag = 'terms';

export const termsEndpoints = defineEndpoints(termsRoutes, {
  current: { tag, summary: 'The latest platform terms', response: PlatformTermsSchema },
  sign: {
    tag,
    summary: 'Accept the latest platform terms',
    description: 'Optional body {version}: the version shown; 409 when a newer one exists.',
    body: z.object({ version: z.number().int().positive().optional() }).nullish(),
    response: SignedTermsSchema,
  },
  privacy: { tag, summary: 'The privacy policy', response: LegalDocumentSchema },
});
