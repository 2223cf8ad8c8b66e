import type { CampaignOptions } from '@cryptads/contract/campaigns';

/** Campaign options as the server sends them (docs/product/limits.md#our-choices minimum bids), for component tests. */
export const OPTIONS: CampaignOptions = {
  countries: [
    { code: 'DE', name: 'Germany' },
    { code: 'FR', name: 'France' },
  ],
  countryGroups: [{ name: 'DACH', countries: ['DE', 'AT', 'CH'] }],
  categories: [{ id: 1, name: 'Cryptocurrency Exchanges' }],
  creativeTypes: [],
  maxCreativeSize: 300_000,
  minimumBids: { DISPLAY_TYPE_REGULAR: 0.2, DISPLAY_TYPE_PREMIUM: 3, NATIVE: 0.5, APPLICATION: 0.5, POPUNDER: 1 },
  minimumBidsClick: { NATIVE: 0.05 },
  adFormats: [
    { trafficType: 0, format: 1, label: 'Banner', sizes: ['300x250'], disabled: false, note: null },
    {
      trafficType: 1,
      format: 3,
      label: 'Sticky Banner',
      sizes: [],
      disabled: true,
      note: 'contact an account manager',
    },
  ],
  maxPrices: [],
};
