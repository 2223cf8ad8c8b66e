import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@cryptads/contract/admin-messages';
import { adminEndpoints } from '@cryptads/contract/endpoints/admin';
import type {
  QueueCampaign,
  QueueDeadLetter,
  QueueMarketplaceItem,
  QueuePayout,
} from '@cryptads/contract/endpoints/admin-queues';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { QueuePage } from './queue-page';

configure({ asyncUtilTimeout: 5000 });

const payout = (id: number, email: string, amountMicros: string): QueuePayout => ({
  id,
  userId: id + 100,
  email,
  amountMicros,
  method: 'Bank transfer',
  destination: 'DE89 3704 0044 0532 0130 00',
  period: '2026-10',
  requestedAt: '2026-11-01T10:00:00.000Z',
  status: 'requested',
  reference: null,
  sentAt: null,
});

const campaign = (id: number): QueueCampaign => ({
  id,
  name: `Campaign ${id}`,
  kind: 'display',
  advertiserId: 7,
  advertiserEmail: 'adv@example.com',
  priceMicros: '1500000',
  landingUrl: `https://landing${id}.example/`,
  locked: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  creatives: [
    { id: id * 10, format: 1, size: '300x250', imageUrl: `/uploads/c${id}.png`, title: null, description: null },
    { id: id * 10 + 1, format: 4, size: '', imageUrl: null, title: 'Native title', description: 'Native text' },
  ],
});

const renderQueue = (path: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/admin/queues/:queue/" element={<QueuePage />} />
    </Routes>,
    { route: path },
  );

beforeEach(() => {
  serve(answer(adminEndpoints.payoutsQueue, { items: [payout(1, 'pub@example.com', '250000000')], total: 1 }));
});

describe('a queue screen', () => {
  it('lists the rows the server sends and asks for another sort when a header is clicked', async () => {
    renderQueue('/admin/queues/payouts/');
    const table = await screen.findByRole('table', { name: 'Payouts to send' });
    expect(within(table).getByText('pub@example.com')).toBeInTheDocument();
    expect(within(table).getByText('€250.00')).toBeInTheDocument();
    expect(sentTo(adminEndpoints.payoutsQueue)[0]?.query.get('sort')).toBe('requested');

    await userEvent.click(within(table).getByRole('button', { name: /Amount/ }));
    await waitFor(() => {
      const last = sentTo(adminEndpoints.payoutsQueue).at(-1);
      expect(last?.query.get('sort')).toBe('amount');
      expect(last?.query.get('dir')).toBe('asc');
    });
  });

  it('shows a listing request with its category and the price it sells at, no raw id', async () => {
    serve(
      answer(adminEndpoints.listingsQueue, {
        items: [
          {
            id: 41,
            unique: 'LST9QX2',
            title: 'Coin Street sponsored article',
            category: 1,
            website: 'coinstreet.example',
            priceMicros: '3690000000',
            ownerEmail: 'pub@example.com',
            status: 0,
            createdAt: '2026-11-01T10:00:00.000Z',
          },
        ],
        total: 1,
      }),
    );
    renderQueue('/admin/queues/listings/');
    expect((await screen.findAllByText('Coin Street sponsored article')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Sponsored Article').length).toBeGreaterThan(0);
    expect(screen.getAllByText('€3,690.00').length).toBeGreaterThan(0);
    expect(screen.queryByText('LST9QX2')).not.toBeInTheDocument();
  });

  it('searches on the server from the first page', async () => {
    renderQueue('/admin/queues/payouts/?page=2');
    await screen.findByRole('table', { name: 'Payouts to send' });
    await userEvent.type(screen.getByRole('textbox', { name: /Search payouts/ }), 'pub');
    await waitFor(() => {
      const last = sentTo(adminEndpoints.payoutsQueue).at(-1);
      expect(last?.query.get('q')).toBe('pub');
      expect(last?.query.get('page')).toBe('1');
    });
  });

  it('asks for the reference before marking a payout sent, and sends it', async () => {
    serve(answer(adminEndpoints.payoutSent, { output: 'Payout 1 marked sent.' }));
    renderQueue('/admin/queues/payouts/');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark sent #1' }));
    const modal = await screen.findByRole('dialog');
    await userEvent.click(within(modal).getByRole('button', { name: 'Mark sent' }));
    expect(await within(modal).findByText(ADMIN_MESSAGES.referenceRequired)).toBeInTheDocument();
    expect(sentTo(adminEndpoints.payoutSent)).toHaveLength(0);

    await userEvent.type(within(modal).getByRole('textbox', { name: /Bank reference/ }), 'SEPA-42');
    await userEvent.click(within(modal).getByRole('button', { name: 'Mark sent' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentTo(adminEndpoints.payoutSent)[0]?.body).toEqual({ reference: 'SEPA-42' });
    expect(sentTo(adminEndpoints.payoutSent)[0]?.url).toBe('/api/admin/payouts/1/sent');
  });

  it('says that a second operator must approve a large money action (202 pendingApproval)', async () => {
    serve(answer(adminEndpoints.payoutSent, { pendingApproval: { id: 9, amountMicros: '2500000000' } }));
    renderQueue('/admin/queues/payouts/');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark sent #1' }));
    const modal = await screen.findByRole('dialog');
    await userEvent.type(within(modal).getByRole('textbox', { name: /Bank reference/ }), '0xabc');
    await userEvent.click(within(modal).getByRole('button', { name: 'Mark sent' }));
    expect(await within(modal).findByText(ADMIN_MESSAGES.pendingApproval)).toBeInTheDocument();
  });

  it('keeps the server’s refusal in the modal', async () => {
    serve(answer(adminEndpoints.payoutFailed, failure(409, 'This payout was already sent.')));
    renderQueue('/admin/queues/payouts/');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark failed #1' }));
    const modal = await screen.findByRole('dialog');
    await userEvent.type(within(modal).getByRole('textbox', { name: /Reason/ }), 'Bank account closed');
    await userEvent.click(within(modal).getByRole('button', { name: 'Mark failed' }));
    expect(await within(modal).findByText('This payout was already sent.')).toBeInTheDocument();
  });

  it('shows the amount of a bank transfer before confirming it', async () => {
    serve(
      answer(adminEndpoints.transfersQueue, {
        items: [
          {
            reference: 'CA-123',
            userId: 5,
            email: 'adv@example.com',
            createdAt: '2026-11-01T10:00:00.000Z',
            amountMicros: null,
          },
        ],
        total: 1,
      }),
      answer(adminEndpoints.transferConfirm, { output: 'Credited.' }),
    );
    renderQueue('/admin/queues/transfers/');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm #CA-123' }));
    const modal = await screen.findByRole('dialog');
    await userEvent.type(within(modal).getByRole('textbox', { name: /Euros received/ }), '1250.5');
    expect(within(modal).getByTestId('transfer-confirm-amount')).toHaveTextContent('€1,250.50');
    await userEvent.click(within(modal).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sentTo(adminEndpoints.transferConfirm)[0]?.body).toEqual({ euros: 1250.5 }));
  });

  it('shows creatives and the landing page of a campaign, and approves the selected ones in bulk', async () => {
    serve(
      answer(adminEndpoints.campaignsQueue, { items: [campaign(1), campaign(2)], total: 2 }),
      answer(adminEndpoints.campaignsApprove, {
        results: [
          { id: 1, ok: true, output: 'Approved.', error: null },
          { id: 2, ok: false, output: null, error: 'Campaign 2 is not pending.' },
        ],
      }),
    );
    renderQueue('/admin/queues/campaigns/');
    const table = await screen.findByRole('table', { name: 'Campaigns waiting for review' });
    const landing = within(table).getByRole('link', { name: /landing1\.example/ });
    expect(landing).toHaveAttribute('target', '_blank');
    expect(landing).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(table).getByRole('img', { name: /Creative 10 of Campaign 1/ })).toHaveAttribute(
      'src',
      '/uploads/c1.png',
    );
    expect(within(table).getAllByText('Native text')).toHaveLength(2);

    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select every row of this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    await userEvent.click(await screen.findByTestId('confirm-modal-confirm'));
    await waitFor(() => expect(sentTo(adminEndpoints.campaignsApprove)[0]?.body).toEqual({ ids: [1, 2] }));
    expect(await screen.findByTestId('queue-bulk-failures')).toHaveTextContent('Campaign 2 is not pending.');
  });

  it('locks a campaign for the network to manage, and offers to unlock a locked one', async () => {
    serve(
      answer(adminEndpoints.campaignsQueue, { items: [campaign(1), { ...campaign(2), locked: true }], total: 2 }),
      answer(adminEndpoints.campaignLock, { output: 'Campaign #1 locked.' }),
    );
    renderQueue('/admin/queues/campaigns/');
    await userEvent.click(await screen.findByRole('button', { name: 'Lock #1' }));
    expect(screen.queryByRole('button', { name: 'Lock #2' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlock #2' })).toBeInTheDocument();
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(sentTo(adminEndpoints.campaignLock)[0]?.url).toBe('/api/admin/campaigns/1/lock'));
  });

  it('shows the sent payouts on their tab and marks one completed', async () => {
    serve(
      answer(adminEndpoints.payoutsQueue, {
        items: [
          {
            ...payout(1, 'pub@example.com', '250000000'),
            status: 'sent',
            reference: 'SEPA-7',
            sentAt: '2026-11-02T09:00:00.000Z',
          },
        ],
        total: 1,
      }),
      answer(adminEndpoints.payoutComplete, { output: 'Payout #1 (€250.00) completed.' }),
    );
    renderQueue('/admin/queues/payouts/');
    await screen.findByRole('table', { name: 'Payouts to send' });
    expect(sentTo(adminEndpoints.payoutsQueue)[0]?.query.get('state')).toBe('requested');
    await userEvent.click(screen.getByText('Sent, not arrived'));
    await waitFor(() => expect(sentTo(adminEndpoints.payoutsQueue).at(-1)?.query.get('state')).toBe('sent'));
    expect(screen.queryByRole('button', { name: 'Mark sent #1' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark completed #1' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark completed' }));
    await waitFor(() => expect(sentTo(adminEndpoints.payoutComplete)[0]?.url).toBe('/api/admin/payouts/1/complete'));
    expect(await screen.findByTestId('queue-done')).toHaveTextContent('Payout #1 (€250.00) completed.');
  });

  it('runs the payout job for the day given and shows what it answered', async () => {
    serve(answer(adminEndpoints.payoutsRun, { output: 'Payout run 2026-12-01: 3 payout(s), €420.00.' }));
    renderQueue('/admin/queues/payouts/');
    await userEvent.click(await screen.findByRole('button', { name: 'Run payouts' }));
    const modal = await screen.findByRole('dialog');
    await userEvent.type(within(modal).getByRole('textbox', { name: /Day/ }), '2026-12-01');
    await userEvent.click(within(modal).getByRole('button', { name: 'Run payouts' }));
    expect(await within(modal).findByTestId('command-output')).toHaveTextContent('3 payout(s), €420.00');
    expect(sentTo(adminEndpoints.payoutsRun)[0]?.body).toEqual({ date: '2026-12-01' });
  });

  it('settles a delivered marketplace item: refund asks for the reason', async () => {
    const delivered: QueueMarketplaceItem = {
      id: 5,
      state: 'delivered',
      priceMicros: '80000000',
      listingTitle: 'Guest post',
      listingUnique: 'gp1',
      buyerEmail: 'buyer@example.com',
      acceptBy: null,
      deliverBy: null,
      completeBy: '2026-11-10T10:00:00.000Z',
      network: false,
      proofProblem: 'The page does not link to the buyer.',
      createdAt: '2026-11-01T10:00:00.000Z',
    };
    serve(
      answer(adminEndpoints.marketplaceQueue, { items: [delivered], total: 1 }),
      answer(adminEndpoints.marketplaceRefund, { output: 'Item #5 refunded.' }),
    );
    renderQueue('/admin/queues/marketplace/');
    expect(await screen.findByTestId('proof-problem')).toHaveTextContent('does not link');
    expect(screen.getByRole('button', { name: 'Complete #5' })).toBeInTheDocument();
    for (const name of ['Accept #5', 'Deliver #5', 'Deny #5'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refund #5' }));
    const modal = await screen.findByRole('dialog');
    await userEvent.click(within(modal).getByRole('button', { name: 'Refund' }));
    expect(await within(modal).findByText(ADMIN_MESSAGES.reasonRequired)).toBeInTheDocument();
    await userEvent.type(within(modal).getByRole('textbox', { name: /Reason/ }), 'Link removed');
    await userEvent.click(within(modal).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(sentTo(adminEndpoints.marketplaceRefund)[0]?.body).toEqual({ reason: 'Link removed' }));
    expect(sentTo(adminEndpoints.marketplaceRefund)[0]?.url).toBe('/api/admin/marketplace/items/5/refund');
  });

  it('lists dead letters, retries one, and retries all showing the command’s answer', async () => {
    const letter: QueueDeadLetter = {
      id: 12,
      eventKind: 'click',
      campaignId: 3,
      zoneId: 4,
      error: '23503: foreign key violation',
      attempts: 5,
      firstFailedAt: '2026-11-01T10:00:00.000Z',
      lastFailedAt: '2026-11-01T11:00:00.000Z',
    };
    serve(
      answer(adminEndpoints.deadLettersQueue, { items: [letter], total: 1 }),
      answer(adminEndpoints.deadLetterRetry, { output: 'dead letter #12 recorded' }),
      answer(adminEndpoints.deadLettersRetryAll, failure(400, 'dead letter #12: still refused')),
    );
    renderQueue('/admin/queues/deadletters/');
    const table = await screen.findByRole('table', { name: 'Delivery events refused after every retry' });
    expect(within(table).getByText('23503: foreign key violation')).toBeInTheDocument();
    expect(within(table).getByText('Campaign 3 · zone 4')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry #12' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(sentTo(adminEndpoints.deadLetterRetry)[0]?.url).toBe('/api/admin/deadletters/12/retry'));
    expect(await screen.findByTestId('queue-done')).toHaveTextContent('dead letter #12 recorded');

    await userEvent.click(screen.getByRole('button', { name: 'Retry all' }));
    const modal = await screen.findByRole('dialog');
    await userEvent.click(within(modal).getByRole('button', { name: 'Retry all' }));
    expect(await within(modal).findByTestId('command-error')).toHaveTextContent('dead letter #12: still refused');
  });

  it('has an empty state and an error state', async () => {
    serve(answer(adminEndpoints.zonesQueue, { items: [], total: 0 }));
    const first = renderQueue('/admin/queues/zones/');
    expect(await screen.findByTestId('queue-empty')).toHaveTextContent('No ad zone is waiting for review.');
    first.unmount();

    serve(answer(adminEndpoints.websitesQueue, failure(500, 'The database is away.')));
    renderQueue('/admin/queues/websites/');
    expect(await screen.findByTestId('queue-error')).toHaveTextContent('The database is away.');
  });
});
