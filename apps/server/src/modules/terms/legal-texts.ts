/**
 * Version 1 of the platform terms and the privacy policy, in Markdown. {product} and
 * {support} are replaced with PRODUCT_NAME and SUPPORT_EMAIL. Later versions of the terms
 * are published with `npm run operator -- terms publish <file>`.
 */
export const TERMS_V1_TITLE = 'Terms of Service';
export const LEGAL_UPDATED_AT = '2026-01-05T00:00:00.000Z';

export const TERMS_V1_BODY = `These terms are an agreement between you and {product} about the use of the {product} advertising network, its dashboard, its marketplace and its API. By creating an account or clicking "I agree" you accept them. If you act for a company, you accept them on its behalf and confirm that you may do so.

## 1. Accounts

1. You must be at least 18 years old and give true, complete details. Keep your billing details up to date.
2. You are responsible for everything done with your account. Keep your password secret and turn on two-factor authentication.
3. One person or company may hold one advertiser and one publisher account. We may ask you to verify your identity before you deposit, withdraw or buy.
4. We may suspend or close an account that breaks these terms, that is used for fraud, or when the law requires it. We tell you why unless the law forbids it.

## 2. Advertisers

1. You buy traffic with campaigns (Display, Native, Popunder) and placements in the marketplace, paid from your prepaid balance in euros.
2. Every campaign and creative is reviewed before it runs and may be refused. Ads must be lawful in every country they target, must not be misleading, and must not promise guaranteed returns. Scams, unlicensed financial services, malware, adult content and impersonation of other brands are never accepted.
3. You hold the rights to everything you upload and you are responsible for the claims your ads and landing pages make.
4. You pay for the impressions or clicks recorded by our systems at the price of your campaign. Our statistics are the basis of billing; tell us about a discrepancy within 30 days.
5. Deposits are not refundable once spent. An unspent balance is refunded on request after the closure of the account, minus payment provider fees, unless it came from a promotion.

## 3. Publishers

1. You may place our ad codes only on the websites you added to your account and we approved. You must own or control them.
2. Invalid traffic is not paid: automated or incentivised impressions and clicks, traffic bought from networks that do not allow it, hidden or stacked ads, and clicks by you or people you ask. We may withhold and reverse earnings from invalid traffic and close the account.
3. You earn the revenue share shown in your dashboard on valid traffic. Earnings can be withdrawn once your identification is complete and the minimum amount is reached.
4. Your websites must not carry illegal content, malware or content that infringes the rights of others.

## 4. Marketplace

Listings are offered by publishers and sold by {product} as an intermediary. An order is binding once paid; delivery times and what is included are stated on the listing. If a listing is not delivered as described we refund the order to your balance.

## 5. Referral programme

You earn the referral reward shown on the Refer a Friend page when a user who signed up with your invite link has spent the stated amount. Referring yourself, or users found through spam or paid ads on our brand name, does not count.

## 6. Fees, taxes and invoices

Prices are in euros. VAT is added where the law requires it. We issue invoices for deposits and purchases in your Billing Center.

## 7. Availability and liability

We work to keep the service available and accurate but do not guarantee uninterrupted service or any result of a campaign. Our liability for any claim is limited to the amounts you paid us in the 12 months before it, except for intent, gross negligence and what the law does not allow us to limit.

## 8. Closing your account

You may request the deletion of your account in Settings at any time. Deletion takes effect after a waiting period during which you can cancel it. We keep accounting records (ledger entries and invoices) for as long as the law requires.

## 9. Changes

We may change these terms. We publish every new version in the dashboard and ask you to accept it on your next visit; if you do not accept it you may close your account.

## 10. Contact

Questions about these terms: {support}.
`;

export const PRIVACY_TITLE = 'Privacy Policy';

export const PRIVACY_BODY = `This policy explains which personal data {product} processes when you use the dashboard and the advertising network, why, and what your rights are.

## What we collect

- **Account data:** name, email address, password (stored only as an Argon2 hash), account type, two-factor secret when you turn it on.
- **Billing data:** company and address details, identification documents you upload, payment and invoice records.
- **Access log:** for each login, the time, IP address, approximate location, device, operating system and browser, so that you can see and close your sessions.
- **Usage data:** the campaigns, websites, orders and settings you create, and the notifications we send you.
- **Ad serving data:** impressions and clicks on the ads we serve, with country, operating system and browser. We do not build profiles of the visitors of publishers' websites.

## Why we use it

To run your account and the services you ask for (contract), to bill and keep accounting records (legal obligation), to keep the network safe from fraud and invalid traffic (legitimate interest), and to send marketing email only if you turned it on in Settings (consent, which you can withdraw at any time).

## Who receives it

Payment, identity-check, email and hosting providers that process data on our behalf, and authorities when the law requires it. We do not sell personal data.

## How long we keep it

Account data while the account exists. Sessions for 90 days after they end. When you delete your account we remove your name, email address, password and preferences after the waiting period; ledger entries and invoices are kept as long as tax law requires.

## Your rights

You may ask for a copy of your data, its correction or deletion, restriction of or objection to its use, and its transfer. Write to {support}. You may also complain to your data protection authority.

## Cookies

The dashboard uses one cookie that keeps you logged in and local storage for display preferences. It uses no advertising or analytics cookies.
`;
