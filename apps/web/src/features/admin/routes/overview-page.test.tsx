import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminEndpoints, type AdminOverview } from '@cryptads/contract/endpoints/admin';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { OverviewPage } from './overview-page';

configure({ asyncUtilTimeout: 5000 });

const overview: AdminOverview = {
  day: '2026-11-26',
  today: {
    impressions: 10,
    clicks: 1,
    filteredImpressions: 0,
    filteredClicks: 0,
    filteredShare: 0,
    spendMicros: '0',
    earningsMicros: '0',
    revenueMicros: '0',
  },
  held: { advertisersMicros: '0', publishersMicros: '0', escrowMicros: '0', payoutsInTransitMicros: '0' },
  queues: {
    campaigns: 0,
    websites: 0,
    zones: 0,
    listings: 0,
    documents: 0,
    transfers: 0,
    payouts: 0,
    marketplace: 0,
    traffic: 0,
    deadletters: 2,
  },
};

describe('the overview', () => {
  it('counts the dead letters among the queues', async () => {
    serve(answer(adminEndpoints.overview, overview));
    renderWithProviders(<OverviewPage />, { route: '/admin/' });
    const card = await screen.findByTestId('overview-queue-deadletters');
    expect(within(card).getByRole('link', { name: 'Dead letters' })).toHaveAttribute(
      'href',
      '/admin/queues/deadletters/',
    );
    expect(card).toHaveTextContent('2');
  });

  it('checks the ledger and shows the report; a violation shows the report as the refusal', async () => {
    serve(
      answer(adminEndpoints.overview, overview),
      answer(adminEndpoints.ledgerCheck, {
        output: 'Ledger check: 12 accounts, 30 transfers, 0 pending holds.\nNo violations.',
      }),
    );
    const view = renderWithProviders(<OverviewPage />, { route: '/admin/' });
    await userEvent.click(await screen.findByRole('button', { name: 'Check the ledger' }));
    let modal = await screen.findByRole('dialog');
    await userEvent.click(within(modal).getByRole('button', { name: 'Check the ledger' }));
    expect(await within(modal).findByTestId('command-output')).toHaveTextContent('No violations.');
    expect(sentTo(adminEndpoints.ledgerCheck)).toHaveLength(1);
    view.unmount();

    serve(answer(adminEndpoints.ledgerCheck, failure(400, 'FAIL balances sum to zero (1)\n1 invariant(s) broken.')));
    renderWithProviders(<OverviewPage />, { route: '/admin/' });
    await userEvent.click(await screen.findByRole('button', { name: 'Check the ledger' }));
    modal = await screen.findByRole('dialog');
    await userEvent.click(within(modal).getByRole('button', { name: 'Check the ledger' }));
    expect(await within(modal).findByTestId('command-error')).toHaveTextContent('1 invariant(s) broken.');
  });
});
