import { useLocation } from 'react-router';
import type { ListingCard, ListingDetail, ListingSearchResult } from '@cryptads/contract/marketplace';
import type { UserDetails } from '@cryptads/contract/user';
import { saveSession } from '../../../lib/session';

/** Logs the test in (the session cookie the app reads), so that GET /user is asked. */
export const signIn = () => saveSession({ userType: 1 });

export const userFixture = (over: Partial<UserDetails> = {}): UserDetails => ({
  alias: 'Ada Buyer',
  firstName: 'Ada',
  lastName: 'Buyer',
  email: 'ada@buyer.example',
  type: 1,
  balance: 500,
  kycVerified: 1,
  pendingDelete: false,
  delete: null,
  currentSignedTerms: null,
  com: 'ada-ref',
  campaigns: { active: 0, paused: 0, pending: 0, total: 0 },
  overrideRedirecting: false,
  secureStatus: 0,
  ...over,
});

/** A listing as the API sends it; tests override what they look at. */
export const listingFixture = (over: Partial<ListingCard> = {}): ListingCard => ({
  unique: 'lst_AAAA',
  title: 'Sponsored article on Coin Journal',
  image: '/api/uploads/listing-a.png',
  icon: null,
  category: 1,
  niches: ['Blockchain & Crypto', 'Finance'],
  language: 'English',
  website: 'coinjournal.example',
  price: 400,
  discount: 0,
  finalPrice: 400,
  sticky: false,
  featured: 0,
  attributes: { 'Dofollow Links Allowed': 'Yes', 'Gambling Allowed': 'No' },
  turnaroundDays: 3,
  completionRate: 96,
  seller: 'publisher',
  ...over,
});

export const detailFixture = (over: Partial<ListingDetail> = {}): ListingDetail => ({
  ...listingFixture(),
  cover: null,
  description: '<p>A <strong>sponsored article</strong> read by 80,000 traders.</p>',
  gallery: ['/api/uploads/g1.png', '/api/uploads/g2.png', '/api/uploads/g3.png'],
  metadata: { logo: null, attributes: {}, features: ['Permanent link', 'Shared on X'] },
  samplePostUrl: 'https://coinjournal.example/sample',
  status: 1,
  inWishlist: false,
  inCart: false,
  ...over,
});

/** n listings with distinct ids and titles ('Listing 1', 'Listing 2', ...). */
export const listings = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) =>
    listingFixture({ unique: `lst_${from + i}`, title: `Listing ${from + i}`, price: 100 + i, finalPrice: 100 + i }),
  );

/** A page of search results in the API's shape (a map keyed by id, and the order). */
export const searchResult = (page: ListingCard[], resultCount = page.length, pageNumber = 1): ListingSearchResult => ({
  listings: Object.fromEntries(page.map((l) => [l.unique, l])),
  order: page.map((l) => l.unique),
  resultCount,
  page: pageNumber,
  pageSize: 18,
});

/** Shows where the app navigated to, for assertions on the URL. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The location the probe shows, as a URL (pathname and parsed query). */
export const probedUrl = (text: string | null) => new URL(text ?? '/', 'http://localhost');
