import { configure, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { websiteEndpoints } from '@cryptads/contract/endpoints/websites';
import type { WebsiteListItem } from '@cryptads/contract/websites';
import { WEBSITE_MESSAGES } from '@cryptads/contract/websites-messages';
import { answer, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { WebsitesListPage } from './websites-list-page';

const item = (id: number, status: number, date: string): WebsiteListItem => ({
  id,
  domain: `site${id}.example`,
  url: `https://site${id}.example`,
  name: `site${id}.example`,
  status: status as WebsiteListItem['status'],
  date,
  verified: status !== 0,
  excludedCategories: [],
  clicks: 0,
  impressions: 0,
  spent: 0,
  tags: 8,
});

let list: WebsiteListItem[];

// Screens load lazily and fetch first: give a busy machine more than the default second.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  list = [];
  serve(answer(websiteEndpoints.list, () => list));
});

describe('WebsitesListPage', () => {
  it('shows an empty state with an Add Website button', async () => {
    renderWithProviders(<WebsitesListPage />, { route: '/websites/all/' });
    const empty = await screen.findByTestId('websites-empty');
    expect(within(empty).getByText(WEBSITE_MESSAGES.noWebsites)).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'Add Website' })).toHaveAttribute('href', '/websites/add/');
  });

  it('sorts by status then newest and labels every status the spec names', async () => {
    list = [
      item(1, 1, '2026-10-01T00:00:00.000Z'),
      item(2, 9, '2026-11-01T00:00:00.000Z'),
      item(3, 0, '2026-09-01T00:00:00.000Z'),
      item(4, 1, '2026-11-10T00:00:00.000Z'),
      item(5, 4, '2026-11-11T00:00:00.000Z'),
      item(6, 3, '2026-11-12T00:00:00.000Z'),
      item(7, 2, '2026-11-13T00:00:00.000Z'),
    ];
    renderWithProviders(<WebsitesListPage />, { route: '/websites/all/' });
    await screen.findByTestId('websites-table');
    const domains = screen.getAllByTestId('website-link').map((a) => a.textContent);
    expect(domains).toEqual([
      'site3.example',
      'site4.example',
      'site1.example',
      'site7.example',
      'site6.example',
      'site5.example',
      'site2.example',
    ]);
    const badges = screen.getAllByTestId('website-status').map((b) => b.textContent);
    expect(badges).toEqual(['Pending', 'Approved', 'Approved', 'Paused', 'Rejected', 'Rejected', 'Contact Us']);
    expect(screen.getAllByTestId('website-link')[0]).toHaveAttribute('href', '/websites/all/ad-codes/3/');
  });

  it('shows the verification-failed banners of ?message=error and ?message=unverified only', async () => {
    const { unmount } = renderWithProviders(<WebsitesListPage />, { route: '/websites/all/?message=error' });
    expect(await screen.findByTestId('list-banner-error')).toHaveTextContent(WEBSITE_MESSAGES.verificationFailed);
    unmount();
    const second = renderWithProviders(<WebsitesListPage />, { route: '/websites/all/?message=unverified' });
    expect(await screen.findByTestId('list-banner-unverified')).toBeInTheDocument();
    second.unmount();
    renderWithProviders(<WebsitesListPage />, { route: '/websites/all/?message=other' });
    await screen.findByTestId('websites-empty');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
