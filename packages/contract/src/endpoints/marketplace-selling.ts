import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import {
  DeliverItemSchema,
  DenyItemSchema,
  IncomingItemSchema,
  IncomingItemsSchema,
  MyListingsSchema,
  NewListingSchema,
  OrderCreatedSchema,
  SellingItemParamsSchema,
} from '../marketplace';
import { marketplaceSellingRoutes } from './marketplace-selling.routes';

const tag = 'marketplace selling';
const notYours = "An item of another seller's listing answers 404.";

export const marketplaceSellingEndpoints = defineEndpoints(marketplaceSellingRoutes, {
  requestListing: {
    tag,
    summary: 'Request a listing: it waits for an operator (npm run operator -- listing approve|reject)',
    description:
      "400 'You must upload the cover thumbnail as a 128x128 image size.' or 'The image could not be uploaded. The maximum image size is 300kb.' for a wrong thumbnail.",
    body: NewListingSchema,
    response: OrderCreatedSchema,
  },
  myListings: { tag, summary: 'The publisher’s listings, every status, with sales', response: MyListingsSchema },
  incoming: {
    tag,
    summary: 'Paid items of the publisher’s listings, open ones first',
    response: IncomingItemsSchema,
  },
  accept: {
    tag,
    summary: 'Accept a pending item (before its accept-by time)',
    description: `${notYours} 409 in another state.`,
    params: SellingItemParamsSchema,
    response: IncomingItemSchema,
  },
  deny: {
    tag,
    summary: 'Deny a pending or accepted item with a reason: the buyer is refunded',
    description: `${notYours} 409 in another state.`,
    params: SellingItemParamsSchema,
    body: DenyItemSchema,
    response: IncomingItemSchema,
  },
  deliver: {
    tag,
    summary: 'Deliver an accepted item with the proof URL; the server checks the page and records what it found',
    description: `${notYours} 409 in another state.`,
    params: SellingItemParamsSchema,
    body: DeliverItemSchema,
    response: IncomingItemSchema,
  },
  canSell: {
    tag,
    summary: 'Whether this account lists offers (publishers) and how many of its items wait for it',
    response: z.object({ canSell: z.boolean(), waiting: z.number().int() }),
  },
});
