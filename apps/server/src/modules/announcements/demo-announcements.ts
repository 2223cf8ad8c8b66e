import { count } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { announcements } from '../../db/schema/announcements';
import { publishAnnouncement } from './announcements.service';

const DAY_MS = 86_400_000;

/** The demo world's announcements (docs/architecture.md#demo-data), oldest first. */
const DEMO_ANNOUNCEMENTS = [
  {
    daysAgo: 41,
    title: 'Two-factor authentication for every account',
    content: `You can now protect your account with a six-digit code from an authenticator app. Turn it on in Settings, under Account Security: scan the QR code, type the code, done.

With two-factor authentication on, changing your password, deleting your account and withdrawing earnings also ask for a code, so a stolen password alone is no longer enough.`,
  },
  {
    daysAgo: 17,
    title: 'Marketplace: sponsored articles and press releases',
    content: `The marketplace is open. Advertisers can buy sponsored articles and press releases on partner sites in finance and crypto, with the price, delivery time and link type shown on every listing.

Publishers can offer their own placements through Request a Listing. Orders are paid from your balance and refunded if a listing is not delivered as described.`,
  },
  {
    daysAgo: 3,
    title: 'Lower minimum bid for Native campaigns',
    content: `From today the minimum CPM for Native campaigns is 0.50 EUR and the minimum CPC 0.05 EUR, so smaller projects can test native placements with a modest budget.

Existing campaigns keep their prices; edit a campaign's pricing to use the new minimums.`,
  },
];

/** Publishes the demo announcements into an empty table; does nothing when there are some. */
export async function seedDemoAnnouncements(db: DbOrTx, now = Date.now()) {
  const [row] = await db.select({ n: count() }).from(announcements);
  if ((row?.n ?? 0) > 0) return;
  for (const a of DEMO_ANNOUNCEMENTS)
    await publishAnnouncement(db, {
      title: a.title,
      content: a.content,
      publishedAt: new Date(now - a.daysAgo * DAY_MS),
    });
}
