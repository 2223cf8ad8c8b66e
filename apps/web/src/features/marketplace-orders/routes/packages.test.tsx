import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { marketplaceEndpoints as catalogue } from '@cryptads/contract/endpoints/marketplace';
import { marketplaceOrderEndpoints as api } from '@cryptads/contract/endpoints/marketplace-orders';
import { MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { packageDetail, packageSummary, signIn } from '../testing/fixtures';
import { LocationProbe } from '../testing/location';
import { PackagesRoutes } from './packages-routes';

configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  signIn(1);
  serve(
    answer(catalogue.packages, {
      packages: {
        '0': { PR1: packageSummary('PR1', 0, { title: 'Crypto PR Blast', price: 2500 }) },
        '1': { KOL1: packageSummary('KOL1', 1, { title: 'Influencer Trio' }) },
        '2': {},
      },
    }),
    answer(catalogue.package, ({ params }) =>
      params.unique === 'PR1'
        ? packageDetail('PR1', 12, { title: 'Crypto PR Blast' })
        : failure(404, M.packageNotFound),
    ),
  );
});

const renderPackages = (route: string, from?: string) =>
  renderWithProviders(
    <>
      <Routes>
        <Route path="/packages/*" element={<PackagesRoutes />} />
        <Route path="/start/" element={<Link to="/packages/PR1/">Open the package</Link>} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { route: from ?? route },
  );

describe('Packages', () => {
  it('shows the Press Release tab at /packages/ and each type on its own path', async () => {
    renderPackages('/packages/');
    const table = await screen.findByTestId('packages-table');
    expect(within(table).getByRole('link', { name: 'Crypto PR Blast' })).toHaveAttribute('href', '/packages/PR1/');
    expect(within(table).getByText('€2,500.00')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Press Release' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'KOL Spotlight' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/packages/kol-spotlight/');
    expect(await screen.findByRole('link', { name: 'Influencer Trio' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Visibility Boost' }));
    expect(await screen.findByText('No Visibility Boost packages are offered right now.')).toBeInTheDocument();
  });

  it('details a package: features, attributes, top 3 publishers and Show All above 10 placements', async () => {
    renderPackages('/packages/PR1/');
    expect(await screen.findByTestId('package-title')).toHaveTextContent('Crypto PR Blast');
    expect(screen.getByTestId('package-features')).toHaveTextContent('Guaranteed indexing');
    expect(screen.getByTestId('package-attributes')).toHaveTextContent('Turnaround5 days');
    expect(within(screen.getByTestId('featured-publishers')).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getAllByTestId('package-listing')).toHaveLength(10);
    await userEvent.click(screen.getByTestId('package-show-all'));
    expect(screen.getAllByTestId('package-listing')).toHaveLength(12);
    expect(screen.getByTestId('package-show-all')).toHaveTextContent('Show Less');
  });

  it('orders after asking, then opens the new order', async () => {
    serve(answer(api.orderPackage, { unique: 'PKGORDER' }));
    renderPackages('/packages/PR1/');
    await userEvent.click(await screen.findByTestId('order-package'));
    const confirm = await screen.findByTestId('confirm-modal');
    expect(confirm).toHaveTextContent(M.packageConfirm);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Go Back' }));
    expect(sentTo(api.orderPackage)).toHaveLength(0);
    await userEvent.click(screen.getByTestId('order-package'));
    await userEvent.click(
      within(await screen.findByTestId('confirm-modal')).getByRole('button', { name: 'Submit Order' }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/orders/PKGORDER/'));
    expect(sentTo(api.orderPackage)[0]?.body).toEqual({ unique: 'PR1' });
  });

  it('goes Back to Packages by /packages/ when opened directly, and by history otherwise', async () => {
    const first = renderPackages('/packages/PR1/');
    await userEvent.click(await screen.findByTestId('back-to-packages'));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/packages\/$/);
    first.unmount();
    renderPackages('/packages/PR1/', '/start/');
    await userEvent.click(screen.getByRole('link', { name: 'Open the package' }));
    await userEvent.click(await screen.findByTestId('back-to-packages'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/start\/$/));
  });

  it('says so when a package does not exist', async () => {
    renderPackages('/packages/NOPE/');
    expect(await screen.findByTestId('load-error')).toHaveTextContent(M.packageNotFound);
    expect(screen.getByTestId('back-to-packages')).toBeInTheDocument();
  });
});
