import { createHash } from 'node:crypto';
import {
  ARTICLE_CATEGORIES,
  LISTING_ATTRIBUTE as A,
  type ListingCategoryId,
  type ListingLanguage,
  type ListingNiche,
  VIDEO_CATEGORY,
} from '@cryptads/contract/marketplace-messages';
import { createRng, type Rng } from '../simulator/random';
import type { Brand } from './demo-marketplace-images';

/**
 * The demo marketplace's catalogue as plain data, the same on every start (seeded random): the
 * finance and crypto websites that sell placements (fictional, on .example hosts), and for
 * each the listings of the categories such a site sells. demo-marketplace.ts writes it.
 */

type Kind = 'news' | 'analysis' | 'finance' | 'gambling' | 'video' | 'social' | 'newsletter';
type Rgb = [number, number, number];

export type DemoSite = {
  name: string;
  host: string;
  kind: Kind;
  language: ListingLanguage;
  /** Monthly visitors (or subscribers, followers), thousands. */
  reachK: number;
  niches: ListingNiche[];
  countries: string;
  handle: string;
  /** Listings of the demo publisher (its own websites). */
  publisher?: boolean;
  palette: number;
};

const PALETTES: { from: Rgb; to: Rgb; accent: Rgb }[] = [
  { from: [14, 30, 68], to: [36, 84, 180], accent: [255, 183, 3] },
  { from: [20, 20, 40], to: [110, 40, 160], accent: [0, 214, 160] },
  { from: [8, 60, 60], to: [20, 150, 120], accent: [255, 255, 255] },
  { from: [60, 16, 30], to: [200, 70, 60], accent: [255, 220, 120] },
  { from: [24, 24, 27], to: [82, 82, 91], accent: [247, 147, 26] },
  { from: [10, 40, 90], to: [0, 150, 200], accent: [180, 255, 120] },
  { from: [40, 10, 60], to: [200, 40, 120], accent: [255, 240, 200] },
  { from: [12, 50, 30], to: [60, 140, 70], accent: [250, 210, 60] },
];

const F: ListingNiche = 'Finance';
const C: ListingNiche = 'Blockchain & Crypto';
const G: ListingNiche = 'Gambling';

/** [name, host, kind, language, reach (k), niches, top countries, handle, palette] */
const SITES: DemoSite[] = (
  [
    [
      'Coin Ledger News',
      'coin-ledger-news.example',
      'news',
      'English',
      1200,
      [C, F],
      'US, GB, CA',
      'coinledgernews',
      0,
      true,
    ],
    ['DeFi Weekly', 'defi-weekly.example', 'newsletter', 'English', 85, [C], 'US, DE, SG', 'defiweekly', 1, true],
    ['Block Pulse', 'blockpulse.example', 'news', 'English', 2400, [C], 'US, IN, GB', 'blockpulse', 5, false],
    [
      'Satoshi Street Journal',
      'satoshi-street.example',
      'news',
      'English',
      3100,
      [C, F],
      'US, GB, AU',
      'satoshistreet',
      4,
      false,
    ],
    ['Chain Dispatch', 'chaindispatch.example', 'news', 'English', 640, [C], 'US, NG, PH', 'chaindispatch', 2, false],
    [
      'Hash Rate Herald',
      'hashrate-herald.example',
      'analysis',
      'English',
      380,
      [C],
      'US, CA, RU',
      'hashherald',
      4,
      false,
    ],
    [
      'Token Terminal Review',
      'token-terminal-review.example',
      'analysis',
      'English',
      510,
      [C, F],
      'US, GB, SG',
      'ttreview',
      1,
      false,
    ],
    [
      'Ledger Insights Daily',
      'ledger-insights.example',
      'finance',
      'English',
      920,
      [F, C],
      'GB, US, IE',
      'ledgerinsights',
      0,
      false,
    ],
    ['Market Maven', 'marketmaven.example', 'finance', 'English', 1750, [F], 'US, GB, CA', 'marketmaven', 7, false],
    [
      'Yield Street',
      'yieldstreet-news.example',
      'finance',
      'English',
      430,
      [F, C],
      'US, DE, NL',
      'yieldstreetnews',
      5,
      false,
    ],
    ['Altcoin Alley', 'altcoin-alley.example', 'news', 'English', 870, [C], 'US, TR, BR', 'altcoinalley', 6, false],
    ['NFT Nexus', 'nft-nexus.example', 'news', 'English', 290, [C], 'US, GB, KR', 'nftnexus', 6, false],
    [
      'Bitcoin Bulletin',
      'bitcoin-bulletin.example',
      'newsletter',
      'English',
      140,
      [C, F],
      'US, GB, DE',
      'btcbulletin',
      4,
      false,
    ],
    [
      'The Crypto Brief',
      'thecryptobrief.example',
      'newsletter',
      'English',
      210,
      [C],
      'US, CA, AU',
      'cryptobrief',
      3,
      false,
    ],
    [
      'Stake & Spin',
      'stake-and-spin.example',
      'gambling',
      'English',
      760,
      [G, C],
      'CA, AU, NZ',
      'stakeandspin',
      3,
      false,
    ],
    [
      'Crypto Casino Guide',
      'cryptocasino-guide.example',
      'gambling',
      'English',
      540,
      [G, C],
      'DE, CA, FI',
      'casinoguide',
      6,
      false,
    ],
    ['Odds & Ends Crypto', 'odds-ends.example', 'gambling', 'English', 320, [G], 'GB, IE, AU', 'oddsends', 7, false],
    [
      'Chart Wizards TV',
      'chartwizards.example',
      'video',
      'English',
      480,
      [C, F],
      'US, IN, GB',
      'ChartWizardsTV',
      1,
      false,
    ],
    [
      'Altcoin Daily Live',
      'altcoin-daily-live.example',
      'video',
      'English',
      920,
      [C],
      'US, PH, NG',
      'AltcoinDailyLive',
      5,
      false,
    ],
    ['Money Moves TV', 'moneymoves.example', 'video', 'English', 350, [F], 'US, GB, CA', 'MoneyMovesTV', 7, false],
    ['Bull Run Live', 'bullrun-live.example', 'video', 'English', 1500, [C, G], 'US, AU, PH', 'BullRunLive', 3, false],
    ['DeFi Erklaert', 'defi-erklaert.example', 'video', 'German', 120, [C], 'DE, AT, CH', 'DeFiErklaert', 2, false],
    [
      'Satoshi Charlas',
      'satoshi-charlas.example',
      'video',
      'Spanish',
      260,
      [C, F],
      'MX, AR, ES',
      'SatoshiCharlas',
      4,
      false,
    ],
    [
      'Crypto Whale Alerts',
      'whale-alerts.example',
      'social',
      'English',
      610,
      [C],
      'US, TR, VN',
      'cryptowhalealerts',
      0,
      false,
    ],
    ['DeFi Degens Club', 'defi-degens.example', 'social', 'English', 260, [C, G], 'US, RU, UA', 'defidegens', 6, false],
    [
      'Finanzen Kompass',
      'finanzen-kompass.example',
      'finance',
      'German',
      690,
      [F],
      'DE, AT, CH',
      'finanzkompass',
      2,
      false,
    ],
    ['Krypto Magazin', 'krypto-magazin.example', 'news', 'German', 430, [C], 'DE, AT, CH', 'kryptomagazin', 0, false],
    [
      'Cripto Noticias Hoy',
      'cripto-noticias.example',
      'news',
      'Spanish',
      820,
      [C],
      'ES, MX, AR',
      'criptonoticiashoy',
      3,
      false,
    ],
    [
      'Finanzas Digitales',
      'finanzas-digitales.example',
      'finance',
      'Spanish',
      360,
      [F, C],
      'ES, CO, CL',
      'finanzasdig',
      7,
      false,
    ],
    [
      'Journal du Coin Pro',
      'journal-coin-pro.example',
      'news',
      'French',
      410,
      [C],
      'FR, BE, CA',
      'journalcoinpro',
      5,
      false,
    ],
    ['Il Portafoglio', 'il-portafoglio.example', 'finance', 'Italian', 250, [F], 'IT, CH', 'ilportafoglio', 2, false],
    ['Moeda Cripto', 'moeda-cripto.example', 'news', 'Portuguese', 540, [C], 'BR, PT', 'moedacripto', 7, false],
    ['Kripto Gundem', 'kripto-gundem.example', 'news', 'Turkish', 470, [C, F], 'TR, DE', 'kriptogundem', 3, false],
    [
      'Kriptovalyuta Segodnya',
      'kripto-segodnya.example',
      'news',
      'Russian',
      390,
      [C],
      'RU, KZ, UA',
      'kriptosegodnya',
      4,
      false,
    ],
    ['Kaso Tsuushin', 'kaso-tsuushin.example', 'news', 'Japanese', 330, [C], 'JP', 'kasotsuushin', 1, false],
    ['Coin Hangul', 'coin-hangul.example', 'news', 'Korean', 300, [C], 'KR', 'coinhangul', 5, false],
    [
      'Lianshang Caijing',
      'lianshang-caijing.example',
      'analysis',
      'Chinese',
      450,
      [C, F],
      'HK, TW, SG',
      'lianshangcj',
      3,
      false,
    ],
    ['Tien Ao Viet', 'tien-ao-viet.example', 'news', 'Vietnamese', 280, [C], 'VN', 'tienaoviet', 2, false],
    ['Wealth Wire', 'wealth-wire.example', 'finance', 'English', 1300, [F], 'US, GB, SG', 'wealthwire', 0, false],
  ] as const
).map(([name, host, kind, language, reachK, niches, countries, handle, palette, publisher]) => ({
  name,
  host,
  kind,
  language,
  reachK,
  niches: [...niches],
  countries,
  handle,
  palette,
  publisher,
}));

export const DEMO_SITES = SITES;

export const brandOf = (site: DemoSite): Brand => {
  const p = PALETTES[site.palette % PALETTES.length] as (typeof PALETTES)[number];
  const audience =
    site.kind === 'newsletter'
      ? 'subscribers'
      : site.kind === 'video' || site.kind === 'social'
        ? 'followers'
        : 'monthly readers';
  return {
    name: site.name,
    host: site.host,
    tagline: `${kindLabel[site.kind]} · ${reach(site.reachK)} ${audience}`,
    ...p,
  };
};

const kindLabel: Record<Kind, string> = {
  news: 'Crypto news',
  analysis: 'Research & analysis',
  finance: 'Finance news',
  gambling: 'Crypto gaming',
  video: 'Video channel',
  social: 'Community channels',
  newsletter: 'Newsletter',
};

/** 1,200 -> '1.2M', 640 -> '640K'. */
export const reach = (k: number) => (k >= 1000 ? `${(k / 1000).toFixed(1).replace(/\.0$/, '')}M` : `${k}K`);

/** The categories a kind of site sells, most typical first. */
const KIND_CATEGORIES: Record<Kind, ListingCategoryId[]> = {
  news: [1, 0, 7, 6, 2, 9, 3],
  analysis: [1, 2, 8, 7],
  finance: [1, 0, 3, 7, 2, 8, 6],
  gambling: [1, 7, 6, 3, 9],
  video: [4, 5],
  social: [5, 8, 9],
  newsletter: [8, 9, 5],
};

const TITLES: Record<ListingCategoryId, string[]> = {
  0: ['{B} Press Release', 'Press Release on {B} + Google News', 'Crypto Press Release Distribution: {B}'],
  1: ['Sponsored Article on {B}', '{B} Sponsored Feature Story', 'Sponsored Project Review on {B}'],
  2: ['Organic Editorial Article on {B}', '{B} Guest Post (no sponsored tag)'],
  3: ['{B} Homepage Takeover (7 days)', 'Sitewide Advertising on {B} (30 days)'],
  4: ['{B} YouTube Integration (60 seconds)', 'Dedicated Video Review on {B}', '{B} Pre-roll Spot (30 seconds)'],
  5: ['{B} X (Twitter) Post + 24h Pin', 'Telegram Channel Post on {B}', '{B} Social Bundle: X, Telegram and LinkedIn'],
  6: ['{B} Sidebar Button 125x125 (30 days)', 'Footer Partner Button on {B} (30 days)'],
  7: [
    '{B} 728x90 Leaderboard (30 days)',
    '300x250 Sidebar Banner on {B} (30 days)',
    '{B} Mobile Sticky Banner 320x50 (14 days)',
  ],
  8: ['{B} Newsletter Sponsorship (1 issue)', 'Dedicated Email to {B} Subscribers'],
  9: ['{B} Text Link in Every Article (30 days)', 'Ticker Text Ad on {B} (14 days)'],
};

/** Euros for a small site and for the largest, per category. */
const PRICE_RANGE: Record<ListingCategoryId, [number, number]> = {
  0: [150, 1800],
  1: [200, 3500],
  2: [300, 5000],
  3: [300, 4200],
  4: [500, 5000],
  5: [20, 900],
  6: [20, 300],
  7: [60, 1500],
  8: [120, 2200],
  9: [20, 450],
};
const TURNAROUND: Record<ListingCategoryId, [number, number]> = {
  0: [1, 3],
  1: [3, 7],
  2: [5, 10],
  3: [2, 4],
  4: [7, 14],
  5: [1, 2],
  6: [1, 2],
  7: [1, 2],
  8: [3, 7],
  9: [1, 2],
};
const SLOT_LABEL: Record<ListingCategoryId, string> = {
  0: 'Press release',
  1: 'Sponsored article',
  2: 'Editorial article',
  3: 'Homepage takeover',
  4: 'Video integration',
  5: 'Social post',
  6: 'Partner button',
  7: 'Banner 300x250',
  8: 'Newsletter slot',
  9: 'Text link',
};
export const slotLabel = (category: ListingCategoryId) => SLOT_LABEL[category];

const SAMPLE_PATH: Record<ListingCategoryId, string> = {
  0: 'press-releases',
  1: 'sponsored',
  2: 'news',
  3: '',
  4: 'videos',
  5: 'community',
  6: '',
  7: '',
  8: 'newsletter/archive',
  9: '',
};

const WHAT_YOU_GET: Record<ListingCategoryId, string[]> = {
  0: [
    'Publication of your release as submitted (up to 800 words)',
    'Listed in the press release section and RSS feed',
    'One link to your website',
    'Permanent placement',
  ],
  1: [
    'A sponsored article written by you or by our editors',
    'Up to 3 links to your pages',
    'Shared on our X and Telegram channels',
    'Permanent placement, marked as sponsored',
  ],
  2: [
    'An editorial article written by our newsroom',
    'Published without a sponsored tag',
    'One contextual link',
    'Permanent placement',
  ],
  3: [
    'Background skin and top banner on the homepage',
    'Your creatives on every page for the period',
    'Click and impression report at the end',
  ],
  4: [
    'A 60-second integration read by the host',
    'Link in the video description and pinned comment',
    'Video stays online permanently',
  ],
  5: ['One post with your text, link and image', 'Pinned for 24 hours', 'Statistics screenshot after 48 hours'],
  6: ['A 125x125 button on every page', 'Rotation with at most 3 other partners', 'Runs for 30 days'],
  7: ['Your banner in the chosen slot for the whole period', 'Desktop and mobile', 'Impression and click report'],
  8: ['Your block at the top of one issue', 'Headline, 80 words and one link', 'Open and click figures after 72 hours'],
  9: [
    'A text link of up to 60 characters',
    'Shown on every page for the period',
    'Do-follow where the category allows it',
  ],
};

const REQUIREMENTS: Record<ListingCategoryId, string> = {
  0: 'Send the release in English (or the site language) with a headline, a dateline and a contact. Financial promises and guaranteed returns are refused.',
  1: 'Articles of 600 to 1,500 words; we may edit for style. No anonymous teams, no guaranteed returns.',
  2: 'Give us the topic and your key facts; the newsroom decides the angle. No changes after publication.',
  3: 'Creatives: 1920x1080 skin, 970x250 and 320x100 banners, PNG or JPG under 300 KB.',
  4: 'Send a brief and your talking points 5 days before recording. The host reviews the project before accepting.',
  5: 'Text of up to 280 characters, one link, one image. Projects must have a public team or audit.',
  6: 'A 125x125 PNG under 50 KB and the target link.',
  7: 'The banner in the slot size, PNG, JPG or GIF under 150 KB, and the target link.',
  8: 'Headline, up to 80 words and one link, 3 working days before the issue.',
  9: 'Anchor text up to 60 characters and one target link.',
};

export type DemoListing = {
  unique: string;
  site: DemoSite;
  category: ListingCategoryId;
  title: string;
  priceEuros: number;
  discount: number;
  sticky: boolean;
  featured: number;
  turnaroundDays: number;
  attributes: Record<string, string>;
  metadataAttributes: Record<string, string>;
  features: string[];
  description: string;
  samplePostUrl: string | null;
  /** Days before the seed that the listing was created. */
  ageDays: number;
  /** 0 pending (a request of the demo publisher) or 1 active. */
  status: 0 | 1;
  /** How popular it is in the demo's activity history (0-1). */
  popularity: number;
};

/** A stable public id for a demo object: the same name gives the same id on every seed. */
export const demoUnique = (name: string) =>
  createHash('sha256').update(`cryptads-demo:${name}`).digest('base64url').slice(0, 12);

const niceRound = (euros: number) => {
  const step = euros < 100 ? 5 : euros < 1000 ? 10 : 50;
  return Math.max(20, Math.min(5000, Math.round(euros / step) * step));
};
const yesNo = (yes: boolean) => (yes ? 'Yes' : 'No');

function priceFor(rng: Rng, category: ListingCategoryId, reachK: number) {
  const [low, high] = PRICE_RANGE[category];
  // Larger audiences cost more: 50K readers near the low end, 3M near the high end.
  const t = Math.min(1, Math.max(0, (Math.log10(reachK) - 1.7) / 1.8));
  return niceRound(low + (high - low) * t * (0.8 + rng.next() * 0.4));
}

function attributesFor(rng: Rng, site: DemoSite, category: ListingCategoryId): Record<string, string> {
  const gambling = site.niches.includes('Gambling');
  const out: Record<string, string> = {
    [A.gamblingAllowed]: yesNo(gambling || rng.chance(0.35)),
    [A.language]: site.language,
    [A.website]: `https://${site.host}/`,
    [A.twitter]: `@${site.handle}`,
  };
  if (rng.chance(0.5)) out[A.linkedIn] = `linkedin.example/company/${site.handle.toLowerCase()}`;
  if (rng.chance(0.4)) out[A.facebook] = `facebook.example/${site.handle.toLowerCase()}`;
  if (category === VIDEO_CATEGORY) out[A.youtube] = `@${site.handle}`;
  if (ARTICLE_CATEGORIES.includes(category)) {
    // Press releases are usually nofollow; organic articles are always do-follow.
    const dofollow = category === 2 ? true : category === 0 ? rng.chance(0.3) : rng.chance(0.7);
    out[A.dofollowLinksAllowed] = yesNo(dofollow);
    out[A.nofollowLinksAllowed] = 'Yes';
    out[A.uniqueArticle] = yesNo(category !== 0 || rng.chance(0.3));
    out[A.googleNews] = yesNo(site.kind === 'news' && rng.chance(0.8));
    out[A.socialShare] = yesNo(rng.chance(0.7));
    out[A.indexedArticle] = yesNo(rng.chance(0.85));
  }
  return out;
}

function describe(site: DemoSite, category: ListingCategoryId, features: string[], turnaround: number) {
  const audience =
    site.kind === 'newsletter'
      ? `a newsletter with ${reach(site.reachK)} subscribers`
      : site.kind === 'video'
        ? `a video channel with ${reach(site.reachK)} subscribers`
        : site.kind === 'social'
          ? `a community of ${reach(site.reachK)} followers on X and Telegram`
          : `${kindLabel[site.kind].toLowerCase()} read by ${reach(site.reachK)} visitors a month`;
  return [
    `<p><strong>${site.name}</strong> is ${audience}, mostly from ${site.countries}. Its readers follow ${site.niches.map((n) => n.toLowerCase()).join(' and ')} every day.</p>`,
    '<h3>What you get</h3>',
    `<ul>${features.map((f) => `<li>${f}</li>`).join('')}</ul>`,
    '<h3>Requirements</h3>',
    `<p>${REQUIREMENTS[category]}</p>`,
    `<p>Published within <strong>${turnaround} day${turnaround === 1 ? '' : 's'}</strong> of acceptance. Questions? Write to <a href="mailto:partners@${site.host}">partners@${site.host}</a>.</p>`,
  ].join('');
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/** The two listing requests of the demo publisher, waiting for an operator. */
const PENDING: { host: string; category: ListingCategoryId; title: string }[] = [
  { host: 'defi-weekly.example', category: 3, title: 'DeFi Weekly Podcast Mention (2 episodes)' },
  { host: 'coin-ledger-news.example', category: 2, title: 'Coin Ledger News Market Outlook Column' },
];

/** The catalogue, deterministic: about 180 active listings in all ten categories and 2 requests. */
export function demoCatalogue(seed = 2026): DemoListing[] {
  const rng = createRng(seed);
  const out: DemoListing[] = [];
  const make = (site: DemoSite, category: ListingCategoryId, title: string, status: 0 | 1) => {
    const [tLow, tHigh] = TURNAROUND[category];
    const turnaroundDays = rng.int(tLow, tHigh);
    const features = WHAT_YOU_GET[category];
    const path = SAMPLE_PATH[category];
    const listing: DemoListing = {
      unique: demoUnique(`listing:${site.host}:${title}`),
      site,
      category,
      title,
      priceEuros: priceFor(rng, category, site.reachK),
      discount: rng.chance(0.22) ? rng.pick([5, 10, 15, 20, 25, 30]) : 0,
      sticky: false,
      featured: rng.chance(0.15) ? rng.int(1, 5) : 0,
      turnaroundDays,
      attributes: attributesFor(rng, site, category),
      metadataAttributes: {
        [site.kind === 'newsletter' || site.kind === 'video' || site.kind === 'social'
          ? 'Audience'
          : 'Monthly visitors']: reach(site.reachK),
        'Domain Rating': String(Math.min(92, Math.round(25 + Math.log10(site.reachK) * 14 + rng.int(-4, 4)))),
        'Top countries': site.countries,
      },
      features,
      description: describe(site, category, features, turnaroundDays),
      samplePostUrl: path ? `https://${site.host}/${path}/${slug(title)}` : `https://${site.host}/`,
      ageDays: status === 0 ? rng.int(0, 2) : rng.int(3, 180),
      status,
      popularity: Math.min(1, (Math.log10(site.reachK) - 1.5) / 2) * (0.4 + rng.next() * 0.6),
    };
    out.push(listing);
  };
  for (const site of SITES) {
    const categories = KIND_CATEGORIES[site.kind];
    // Large sites sell most of what their kind sells; small ones the first few.
    const n = Math.min(categories.length, Math.max(3, Math.round(Math.log10(site.reachK) * 2) - 1));
    for (const category of categories.slice(0, n)) {
      const templates = TITLES[category];
      const template = rng.pick(templates);
      make(site, category, template.replace('{B}', site.name), 1);
      // The biggest sites also sell a second format of their main category; channels and
      // newsletters sell two formats of everything.
      const channel = site.kind === 'video' || site.kind === 'social' || site.kind === 'newsletter';
      if (channel || (site.reachK >= 900 && category === categories[0])) {
        const other = templates.find((t) => t !== template);
        if (other) make(site, category, other.replace('{B}', site.name), 1);
      }
    }
  }
  for (const p of PENDING) {
    const site = SITES.find((s) => s.host === p.host);
    if (site) make(site, p.category, p.title, 0);
  }
  // The network pins three of its best sellers.
  for (const [host, category] of [
    ['satoshi-street.example', 1],
    ['blockpulse.example', 0],
    ['chartwizards.example', 4],
  ] as const) {
    const found = out.find((l) => l.site.host === host && l.category === category);
    if (found) found.sticky = true;
  }
  return out;
}

export type DemoPackage = {
  unique: string;
  type: 0 | 1 | 2;
  title: string;
  description: string;
  features: string[];
  /** Picks the package's listings from the catalogue. */
  pick: (l: DemoListing) => boolean;
  max: number;
};

const byLang =
  (...langs: ListingLanguage[]) =>
  (l: DemoListing) =>
    langs.includes(l.site.language);

/** Packages of every type; prices are the sum of their listings less a package discount. */
const PACKAGES: Omit<DemoPackage, 'unique'>[] = [
  {
    type: 0,
    title: 'Crypto PR Starter: 5 outlets',
    description: 'Your press release on five established English-language crypto news sites.',
    features: ['One release, five outlets', 'Published within 3 days', 'Report with live links'],
    pick: (l) => l.category === 0 && l.site.language === 'English',
    max: 5,
  },
  {
    type: 0,
    title: 'Global Crypto PR: 12 outlets',
    description: 'Worldwide distribution in eight languages: we translate your release for each outlet.',
    features: ['Translation included', 'Google News outlets', '12 outlets in 8 languages', 'Report with live links'],
    pick: (l) => l.category === 0 || (l.category === 1 && l.site.language !== 'English'),
    max: 12,
  },
  {
    type: 0,
    title: 'DACH & Europe Finance Press Pack',
    description: 'German, French, Italian and Spanish finance and crypto outlets.',
    features: ['Translation included', 'European audiences', 'Report with live links'],
    pick: (l) => ARTICLE_CATEGORIES.includes(l.category) && byLang('German', 'French', 'Italian', 'Spanish')(l),
    max: 6,
  },
  {
    type: 0,
    title: 'Asia Crypto PR Pack',
    description: 'Japanese, Korean, Chinese and Vietnamese crypto media.',
    features: ['Native-speaker translation', 'Asian audiences', 'Report with live links'],
    pick: (l) => ARTICLE_CATEGORIES.includes(l.category) && byLang('Japanese', 'Korean', 'Chinese', 'Vietnamese')(l),
    max: 5,
  },
  {
    type: 1,
    title: 'KOL Spotlight: YouTube Trio',
    description: 'Three crypto and finance video creators present your project in their own words.',
    features: ['Three video integrations', 'Links in descriptions', 'Creators review your project first'],
    pick: (l) => l.category === 4,
    max: 3,
  },
  {
    type: 1,
    title: 'Telegram & X Blast',
    description: 'Posts on the largest crypto communities on X and Telegram in one week.',
    features: ['Posts within one week', 'Pinned for 24 hours', 'Statistics after 48 hours'],
    pick: (l) => l.category === 5,
    max: 8,
  },
  {
    type: 1,
    title: 'KOL Launch Week',
    description: 'Video and social posts timed for your token launch or listing.',
    features: ['Videos and posts in launch week', 'One brief for everyone', 'Daily reach report'],
    pick: (l) => l.category === 4 || (l.category === 5 && l.site.kind === 'social'),
    max: 6,
  },
  {
    type: 2,
    title: 'Visibility Boost: Banner Month',
    description: 'Banners on crypto and finance news sites for 30 days.',
    features: ['30 days of banners', 'Desktop and mobile', 'Impression and click report'],
    pick: (l) => l.category === 7,
    max: 8,
  },
  {
    type: 2,
    title: 'Newsletter Takeover',
    description: 'Your block at the top of the leading crypto newsletters.',
    features: ['Top position', 'One issue each', 'Open and click figures'],
    pick: (l) => l.category === 8,
    max: 5,
  },
  {
    type: 2,
    title: 'Always-on Text Links',
    description: 'Text links and partner buttons across news and gaming sites.',
    features: ['Runs for 30 days', 'Sitewide placement', 'Do-follow where allowed'],
    pick: (l) => l.category === 9 || l.category === 6,
    max: 10,
  },
];
export const DEMO_PACKAGES: DemoPackage[] = PACKAGES.map((p) => ({ ...p, unique: demoUnique(`package:${p.title}`) }));
