import type {
  BasketItem,
  IncomingItem,
  MyListing,
  OrderDetail,
  OrderItem,
  OrderSummary,
  PackageDetail,
  PackageSummary,
} from '@cryptads/contract/marketplace';
import type { UserDetails } from '@cryptads/contract/user';
import { saveSession } from '../../../lib/session';

/**
 * Answers of the marketplace's buying and selling endpoints for this feature's tests. The
 * http helpers parse every one with the endpoint's schema, so a field that drifts from the
 * contract fails the test that uses it.
 */

/** Logs the test in as an advertiser (1) or a publisher (2): the session cookie the app reads. */
export const signIn = (userType: 1 | 2) => saveSession({ userType });

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
  com: '',
  campaigns: { active: 0, paused: 0, pending: 0, total: 0 },
  overrideRedirecting: false,
  secureStatus: 0,
  ...over,
});

export const basketItem = (unique: string, over: Partial<BasketItem> = {}): BasketItem => ({
  unique,
  title: `Listing ${unique}`,
  image: `/media/${unique}.png`,
  icon: null,
  category: 0,
  niches: ['Blockchain & Crypto', 'Finance'],
  language: 'English',
  website: 'news.example',
  price: 200,
  discount: 0,
  finalPrice: 200,
  sticky: false,
  featured: 0,
  attributes: {},
  turnaroundDays: 3,
  completionRate: null,
  seller: 'publisher',
  available: true,
  lastOrder: null,
  ...over,
});

export const orderSummary = (unique: string, over: Partial<OrderSummary> = {}): OrderSummary => ({
  unique,
  date: '2026-11-20T10:00:00.000Z',
  price: 300,
  status: 0,
  items: 2,
  title: `First listing of ${unique}`,
  ...over,
});

export const orderItem = (id: number, over: Partial<OrderItem> = {}): OrderItem => ({
  id,
  listing: {
    unique: `L${id}`,
    title: `Placement ${id}`,
    category: 1,
    niches: ['Finance'],
    image: `/media/L${id}.png`,
  },
  price: 150,
  state: 'pending',
  seller: 'publisher',
  acceptBy: null,
  acceptedAt: null,
  deliveredAt: null,
  completeBy: null,
  completedAt: null,
  deniedAt: null,
  denyReason: null,
  proofUrl: null,
  deliveryDate: null,
  proofCheck: null,
  refunded: null,
  ...over,
});

export const orderDetail = (unique: string, over: Partial<OrderDetail> = {}): OrderDetail => ({
  ...orderSummary(unique),
  email: 'ada@buyer.example',
  livechat: '@ada',
  targetUrl: 'https://ada.example/launch',
  package: null,
  paymentMethod: null,
  paidAt: null,
  payOptions: {
    wallet: { total: 300, enabled: true },
    crypto: { total: 372.69, fee: 3, vat: 69.69 },
    card: { total: 369, fee: 0, vat: 69 },
  },
  billingComplete: true,
  listings: [orderItem(1), orderItem(2)],
  ...over,
});

export const packageSummary = (unique: string, type: number, over: Partial<PackageSummary> = {}): PackageSummary => ({
  unique,
  type,
  title: `Package ${unique}`,
  price: 1500,
  metadata: { features: ['10 press releases', 'Guaranteed indexing'], attributes: { Turnaround: '5 days' } },
  listingCount: 10,
  ...over,
});

export const packageDetail = (unique: string, listings: number, over: Partial<PackageDetail> = {}): PackageDetail => ({
  ...packageSummary(unique, 0),
  description: 'A wide press release distribution.',
  listings: Array.from({ length: listings }, (_, i) => basketListing(`P${i + 1}`)),
  featuredPublishers: [
    { name: 'CoinDesk Daily', website: 'coindesk.example', listings: 4 },
    { name: 'Finance Wire', website: 'financewire.example', listings: 3 },
    { name: 'Crypto Post', website: null, listings: 2 },
  ],
  ...over,
});

/** A catalogue card (a package's content list). */
const basketListing = (unique: string) => {
  const { available: _a, lastOrder: _l, ...card } = basketItem(unique, { title: `Site ${unique}` });
  return card;
};

export const myListing = (unique: string, over: Partial<MyListing> = {}): MyListing => ({
  ...basketListing(unique),
  title: `My listing ${unique}`,
  status: 1,
  rejectReason: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  sold: 4,
  completed: 3,
  ...over,
});

export const incomingItem = (id: number, over: Partial<IncomingItem> = {}): IncomingItem => ({
  ...orderItem(id, { acceptBy: '2030-01-01T10:00:00.000Z' }),
  order: `ORD${id}`,
  orderDate: '2026-11-20T10:00:00.000Z',
  buyerEmail: 'ada@buyer.example',
  buyerLivechat: '@ada',
  targetUrl: 'https://ada.example/launch',
  payout: 120,
  ...over,
});
