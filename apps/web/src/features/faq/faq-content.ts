import { DELETION_VERIFY_HOURS } from '@cryptads/contract/limits';
import { paths } from '@cryptads/contract/paths';
import type { PublicRules } from '@cryptads/contract/system';

/**
 * The FAQ of docs/product/faq.md#faq (/faq/, /faq/advertisers-faq/, /faq/publishers-faq/). The numbers here
 * are the product's rules (docs/product/limits.md#our-choices, docs/product/limits.md#billing; docs/product/faq.md#faq). Those a deployment configures
 * (minimum bids, revenue share, deletion delay) come from GET /api/config, those the contract
 * fixes from its constants; without the configuration (not loaded, or failed) an answer says
 * where to find the figure instead of guessing it.
 */
export type FaqCategoryId = 'general' | 'advertisers' | 'publishers';

export type FaqEntry = { id: string; question: string; answer: string[] };

export type FaqSection = { id: FaqCategoryId; label: string; path: string; intro: string };
export type FaqCategory = FaqSection & { entries: FaqEntry[] };

export const FAQ_SECTIONS: readonly FaqSection[] = [
  {
    id: 'general',
    label: 'General',
    path: paths.faq.general,
    intro: 'Accounts, security, verification and the referral programme.',
  },
  {
    id: 'advertisers',
    label: 'Advertisers',
    path: paths.faq.advertisers,
    intro: 'Deposits, campaign approval, ad formats, pricing and targeting.',
  },
  {
    id: 'publishers',
    label: 'Publishers',
    path: paths.faq.publishers,
    intro: 'Site requirements, ad codes, earnings and payouts.',
  },
];

/** '0.20 EUR', '20 EUR', and '0.125 EUR' for a price with more decimals: as configured, never rounded. */
function eur(n: number) {
  const text = Number.isInteger(n) && n >= 10 ? String(n) : n.toFixed(2);
  return `${Number(text) === n ? text : String(n)} EUR`;
}

function pricingAnswer(rules: PublicRules | null): string {
  const intro = 'You pay per thousand impressions (CPM) or, for native ads, per click (CPC).';
  if (!rules) return `${intro} Every format has a minimum bid; the campaign wizard shows it beside the price.`;
  const b = rules.minimumBids;
  return `${intro} Minimum CPM bids: Display regular ${eur(b.DISPLAY_TYPE_REGULAR)}, Display premium ${eur(b.DISPLAY_TYPE_PREMIUM)}, Native ${eur(b.NATIVE)}, Application ${eur(b.APPLICATION)}, Popunder ${eur(b.POPUNDER)}. The minimum CPC for native is ${eur(rules.minimumBidsClick.NATIVE)}; the maximum price is ${eur(rules.maxPrice)}.`;
}

const deletionAnswer = (rules: PublicRules | null) =>
  `Go to Settings → Delete Account, optionally tell us why, and confirm with your password (and your two-factor code when it is on). The request is verified after ${DELETION_VERIFY_HOURS} hours and carried out ${rules ? `${rules.deletionGraceDays} days after you made it` : 'on the termination date that page shows'}; until then you can cancel it from the same page.`;

const earningsAnswer = (rules: PublicRules | null) =>
  `You receive a share of what advertisers pay for impressions and clicks on your zones${rules ? ` (${Math.round(rules.revenueShare * 1000) / 10} % by default)` : ''}. Reports shows your earnings by date, country, operating system and browser.`;

/** The three categories with their answers, stating the configured rules when they are known. */
export function faqCategories(rules: PublicRules | null = null): FaqCategory[] {
  const general: FaqEntry[] = [
    {
      id: 'what-is',
      question: 'What is Cryptads?',
      answer: [
        'Cryptads is a display-advertising network for finance and crypto. Advertisers buy display, native and popunder traffic on websites that cover blockchain, trading and personal finance; publishers earn from that traffic by placing our ad codes on their sites.',
        'Beside the ad network there is a marketplace where advertisers buy sponsored articles, press releases and packages directly from partner sites.',
      ],
    },
    {
      id: 'account-types',
      question: 'What is the difference between an advertiser and a publisher account?',
      answer: [
        'An advertiser account promotes a project: it deposits funds, creates campaigns, keeps a global blacklist and buys in the marketplace.',
        'A publisher account monetises websites: it adds sites, places ad codes, reads its earnings and withdraws them. Publishers can offer listings in the marketplace but cannot buy from it. If you need both, create one account of each type with two email addresses.',
      ],
    },
    {
      id: 'currency',
      question: 'Which currency do you use?',
      answer: [
        'Every balance, price, report and invoice is in euros (EUR) with two decimals; CPM prices may show a third decimal. Crypto deposits and payouts are converted at the rate of the moment the payment is confirmed.',
      ],
    },
    {
      id: 'verification',
      question: 'Why do I need to verify my identity?',
      answer: [
        'We are a regulated payment counterparty, so before money moves we need to know who we pay and who pays us. Open Billing Center → Billing Details, fill in the identification details (as an individual or a company, with the VAT code when you have one) and upload your documents.',
        'Until the check is done the dashboard shows a reminder to complete your billing details. Publishers can set withdraw options only once their identity is verified. We usually review documents within one business day.',
      ],
    },
    {
      id: 'two-factor',
      question: 'How do I protect my account with two-factor authentication?',
      answer: [
        'Go to Settings → Account Security and choose Enable. Scan the QR code with an authenticator app (Google Authenticator, Authy, 1Password and others) or type the secret shown under it, then enter the six-digit code the app displays.',
        'From then on every login, password change, account deletion and change of withdraw options asks for a fresh code. The same page lists every device that logged in to your account; close any session you do not recognise and change your password.',
      ],
    },
    {
      id: 'delete-account',
      question: 'How do I close my account?',
      answer: [
        deletionAnswer(rules),
        'Withdraw your remaining publisher earnings before you ask: a closed account cannot request a payout.',
      ],
    },
    {
      id: 'referral',
      question: 'How does the referral programme work?',
      answer: [
        'Share the invite link from Refer a Friend. When a person signs up through it and spends 500 EUR on advertising, you earn 50 EUR. Some partners get a revenue share of up to 10 % instead; when one is set for you the page shows it.',
      ],
    },
    {
      id: 'support',
      question: 'How do I reach support?',
      answer: [
        'Write to our support team from the address in the footer of every email we send. Tell us the email address of your account and, for a campaign or website, its name; never send your password or a two-factor code, we will never ask for them.',
      ],
    },
  ];

  const advertisers: FaqEntry[] = [
    {
      id: 'deposit-methods',
      question: 'How can I add funds to my account?',
      answer: [
        'Use Add Funds in the header or Billing Center → Deposit. You can pay by cryptocurrency (Bitcoin, Ethereum, USDT or USDC), by card, or by bank transfer.',
        'The minimum deposit is 100 EUR. A crypto deposit can be up to 200,000 EUR; card payments are limited to 5,000 EUR per day.',
      ],
    },
    {
      id: 'deposit-fees',
      question: 'Are there fees on deposits?',
      answer: [
        'Cryptocurrency deposits carry a 1 % processing fee. Card deposits have no fee; VAT is added where it applies to you. Bank transfers are free on our side, but your bank may charge for the transfer.',
      ],
    },
    {
      id: 'deposit-timing',
      question: 'When will my deposit show in my balance?',
      answer: [
        'Card and crypto payments show as soon as the payment is confirmed, usually within minutes (crypto waits for the network confirmations). Bank transfers take 1 to 5 business days, exceptionally up to 14. Every deposit appears in Billing Center → Billing History with its invoice.',
      ],
    },
    {
      id: 'campaign-approval',
      question: 'How long does campaign approval take?',
      answer: [
        'Our team reviews every new campaign and every new creative within 1 business day; on weekends it can take up to 48 hours. You get a notification when the campaign is approved or, with the reason, when it is rejected.',
        'Tick "run after approval" in the wizard to start delivery the moment it is approved.',
      ],
    },
    {
      id: 'ad-formats',
      question: 'Which ad formats and sizes can I run?',
      answer: [
        'Display banners in 300x250, 728x90, 160x600, 300x600, 320x100 and 320x50. Premium display traffic adds the Sticky and Header banner placements, which an account manager sets up for you.',
        'Native ads (an image, a title and a description, shown in content on websites or inside apps) and Popunder, which opens your landing page behind the visited page.',
      ],
    },
    {
      id: 'pricing',
      question: 'How is traffic priced? What are the minimum bids?',
      answer: [
        pricingAnswer(rules),
        'A higher bid wins more of the available impressions; the Optimisation tab of a campaign shows how competitive your price is.',
      ],
    },
    {
      id: 'targeting',
      question: 'What can I target?',
      answer: [
        'Countries (all or a chosen list), devices (desktop, mobile or both), and per-zone exclusions. You can also cap how often one visitor sees your ad and set a daily or total budget.',
        'The global blacklist under Campaigns keeps zones you never want to buy from out of every campaign at once.',
      ],
    },
    {
      id: 'budget-out',
      question: 'What happens when my balance runs out?',
      answer: [
        'Running campaigns stop delivering and show Out of funds; nothing is lost. Add funds and they resume by themselves. A campaign that reaches its daily budget resumes the next day (UTC).',
      ],
    },
    {
      id: 'reports',
      question: 'Where do I see how my campaigns perform?',
      answer: [
        'Reports shows impressions, clicks, CTR, cost and eCPM by date, country, operating system, browser, campaign and zone for any period; you can export every table as CSV. Days are grouped in UTC.',
      ],
    },
  ];

  const publishers: FaqEntry[] = [
    {
      id: 'site-requirements',
      question: 'Which websites can join?',
      answer: [
        'Sites about crypto, blockchain, trading, fintech or personal finance with their own original content and real visitors. We do not accept sites with bought or automated traffic, adult or pirated content, malware, or pages made only to show ads.',
        'Our team checks each new site, usually within 1 business day.',
      ],
    },
    {
      id: 'add-site',
      question: 'How do I add a website and prove that I own it?',
      answer: [
        'Open Websites → Add Website, enter the domain and the categories of ads you accept, then follow the Owner Verification step: place the verification file or meta tag we give you on the site and choose Verify.',
        'If we cannot validate the domain, check that the file is reachable over HTTPS without a login or redirect, then try again.',
      ],
    },
    {
      id: 'ad-code',
      question: 'Where do I place the ad code?',
      answer: [
        'Each zone has its own ad code (tag) under My Websites → Ad Codes. Paste it in the HTML exactly where the banner should appear, for example in the sidebar for 300x600 or above the content for 728x90. One zone tag per placement: do not copy the same tag twice on a page.',
        'Ads start showing as soon as the website is approved; new zones can take a few minutes to fill.',
      ],
    },
    {
      id: 'earnings',
      question: 'How much do I earn?',
      answer: [earningsAnswer(rules)],
    },
    {
      id: 'payout-minimum',
      question: 'When can I withdraw and what is the minimum?',
      answer: [
        'The minimum payout is 50 EUR. Choose the frequency in Billing Details → Withdraw Options: monthly on the 1st, or weekly on Mondays (each Monday is invoiced, and what remains at the end of the month is paid with the next run). Earnings under 50 EUR roll over to the next payout.',
      ],
    },
    {
      id: 'payout-methods',
      question: 'Which payout methods are available and how long do they take?',
      answer: [
        'SEPA bank transfer arrives within 48 hours. Cryptocurrency (Bitcoin, Ethereum or USDC on ERC-20) arrives within 72 hours. SWIFT transfers are paused for the moment; choose SEPA or crypto instead.',
        'Withdraw options become available once your identity is verified and are confirmed with your two-factor code when it is on. Accounts registered in Ireland currently need to contact support to withdraw.',
      ],
    },
    {
      id: 'invoices',
      question: 'Do I need to send you invoices?',
      answer: [
        'No. With self-billing (auto-invoicing) in Withdraw Options we issue the invoice on your behalf for every payout; you find them in Billing History.',
      ],
    },
    {
      id: 'traffic-quality',
      question: 'Why were some of my impressions not paid?',
      answer: [
        'We filter invalid traffic (bots, repeated clicks, hidden placements, incentivised visits) before it is billed to advertisers, and such traffic is not paid to publishers either. A site with mostly invalid traffic is denied for fraud.',
      ],
    },
  ];

  const entries: Record<FaqCategoryId, FaqEntry[]> = { general, advertisers, publishers };
  return FAQ_SECTIONS.map((section) => ({ ...section, entries: entries[section.id] }));
}

/** The category a FAQ path shows; unknown sub-paths fall back to the general questions. */
export function faqCategoryOf(pathname: string): FaqSection {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return FAQ_SECTIONS.find((c) => c.id !== 'general' && path.startsWith(c.path)) ?? (FAQ_SECTIONS[0] as FaqSection);
}

export type FaqHit = { category: FaqCategory; entry: FaqEntry };

const normalise = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');

/**
 * Search across all three categories: every word of the query must appear in the question
 * or the answer; matches in the question rank first.
 */
export function searchFaq(query: string, categories: FaqCategory[] = faqCategories()): FaqHit[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const hits: (FaqHit & { score: number })[] = [];
  for (const category of categories) {
    for (const entry of category.entries) {
      const question = normalise(entry.question);
      const text = `${question} ${normalise(entry.answer.join(' '))}`;
      if (!words.every((w) => text.includes(w))) continue;
      const score = words.filter((w) => question.includes(w)).length;
      hits.push({ category, entry, score });
    }
  }
  return hits.sort((a, b) => b.score - a.score).map(({ category, entry }) => ({ category, entry }));
}
