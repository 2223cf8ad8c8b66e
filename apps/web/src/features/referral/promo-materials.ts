/**
 * The promotional materials of the Refer a Friend page (docs/product/account.md#referral). The files are ours,
 * generated into apps/web/public/promo/ (see the README there) and served with the app.
 */
export type PromoMaterial = {
  id: string;
  name: string;
  kind: 'Media kit' | 'Presentation' | 'Banner';
  format: string;
  size: string;
  file: string;
};

export const PROMO_MATERIALS: PromoMaterial[] = [
  {
    id: 'media-kit',
    name: 'Media kit',
    kind: 'Media kit',
    format: 'PDF',
    size: 'A4, 1 page',
    file: '/promo/cryptads-media-kit.pdf',
  },
  {
    id: 'presentation',
    name: 'Network presentation',
    kind: 'Presentation',
    format: 'PDF',
    size: '16:9, 5 slides',
    file: '/promo/cryptads-presentation.pdf',
  },
  ...(
    [
      ['300x250', 'Medium rectangle banner'],
      ['728x90', 'Leaderboard banner'],
      ['160x600', 'Wide skyscraper banner'],
      ['300x600', 'Half page banner'],
      ['320x50', 'Mobile banner'],
    ] as const
  ).map(([size, name]) => ({
    id: `banner-${size}`,
    name,
    kind: 'Banner' as const,
    format: 'SVG',
    size,
    file: `/promo/cryptads-banner-${size}.svg`,
  })),
];
