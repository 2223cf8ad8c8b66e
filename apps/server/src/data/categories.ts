/**
 * Ad categories of the network: a campaign carries one, a publisher may exclude some on a
 * website (docs/product/websites.md#preferences "website options: categories"). Ids are stable; names are shown.
 */
export type Category = { id: number; name: string };

export const CATEGORIES: Category[] = [
  { id: 1, name: 'Cryptocurrency Exchanges' },
  { id: 2, name: 'Wallets & Custody' },
  { id: 3, name: 'DeFi' },
  { id: 4, name: 'NFT & Collectibles' },
  { id: 5, name: 'Token Sales (ICO / IDO)' },
  { id: 6, name: 'Trading Tools & Signals' },
  { id: 7, name: 'Forex & CFD' },
  { id: 8, name: 'Stocks & Investing' },
  { id: 9, name: 'Banking & Payments' },
  { id: 10, name: 'Mining & Staking' },
  { id: 11, name: 'Web3 Gaming' },
  { id: 12, name: 'Crypto Gambling' },
  { id: 13, name: 'Education & News' },
  { id: 14, name: 'Software & Services' },
];

export const CATEGORY_IDS = new Set(CATEGORIES.map((c) => c.id));
