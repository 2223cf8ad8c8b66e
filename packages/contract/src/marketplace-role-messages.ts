/**
 * The marketplace's refusals by account type (docs/product/marketplace.md#roles), apart from
 * MARKETPLACE_MESSAGES (which repeats them) so that the endpoint tables, imported by every
 * logged-in screen's API client, do not carry every marketplace text.
 */
export const PUBLISHER_CANNOT_BUY =
  'For the moment, publishers can only list their offers in our marketplace but cannot do any shopping. Please create an advertiser account in order to buy offers from our marketplace.';
export const LISTING_REQUESTS_PUBLISHER_ONLY = 'Only publisher accounts can list offers in our marketplace.';
