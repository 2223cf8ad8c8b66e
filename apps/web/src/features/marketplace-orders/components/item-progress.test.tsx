import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProofCheck } from '@cryptads/contract/marketplace';
import { MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { renderWithProviders } from '../../../testing/render';
import { orderItem } from '../testing/fixtures';
import { ItemProgress } from './item-progress';

const check = (over: Partial<ProofCheck> = {}): ProofCheck => ({
  checkedAt: '2030-01-01T10:00:00.000Z',
  live: true,
  httpStatus: 200,
  linksToTarget: true,
  rel: 'dofollow',
  broken: false,
  problem: null,
  ...over,
});

const delivered = (proofCheck: ProofCheck) =>
  orderItem(1, {
    state: 'delivered',
    acceptedAt: '2030-01-01T09:00:00.000Z',
    deliveredAt: '2030-01-01T10:00:00.000Z',
    completeBy: '2030-01-08T10:00:00.000Z',
    proofUrl: 'https://seller.example/post',
    proofCheck,
  });

const broken = check({
  linksToTarget: false,
  broken: true,
  problem: 'The page does not link to https://ada.example/launch.',
});

describe('a delivered item', () => {
  it('tells the buyer when it completes by itself while the check finds nothing wrong', () => {
    renderWithProviders(<ItemProgress item={delivered(check())} viewer="buyer" />);
    expect(screen.getByTestId('item-review')).toHaveTextContent(/^Approve the delivery, or it completes by itself on /);
  });

  it('promises the buyer no completion when the check found a problem, and says what applies', () => {
    renderWithProviders(<ItemProgress item={delivered(broken)} viewer="buyer" />);
    expect(screen.getByText('The delivery check found a problem')).toBeInTheDocument();
    expect(screen.getByTestId('item-review')).toHaveTextContent(M.reviewHeldBuyer);
    expect(screen.queryByText(/completes by itself on/)).not.toBeInTheDocument();
  });

  it('promises the seller no completion date either when the check found a problem', () => {
    renderWithProviders(<ItemProgress item={delivered(broken)} viewer="seller" />);
    expect(screen.getByTestId('item-review')).toHaveTextContent(M.reviewHeldSeller);
    expect(screen.queryByText(/^Completes on/)).not.toBeInTheDocument();
  });
});
