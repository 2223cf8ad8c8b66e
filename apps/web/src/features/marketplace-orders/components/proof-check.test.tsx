import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProofCheck } from '@cryptads/contract/marketplace';
import { renderWithProviders } from '../../../testing/render';
import { ProofCheckResult } from './proof-check';

const check = (over: Partial<ProofCheck>): ProofCheck => ({
  checkedAt: '2026-11-20T10:00:00.000Z',
  live: true,
  httpStatus: 200,
  linksToTarget: null,
  rel: null,
  broken: false,
  problem: null,
  ...over,
});

describe('the delivery check', () => {
  it('does not claim that no page to promote was given when the proof page could not be read', () => {
    renderWithProviders(
      <ProofCheckResult
        check={check({
          live: false,
          httpStatus: 404,
          broken: true,
          problem: 'The proof page answered with HTTP status 404.',
        })}
      />,
    );
    expect(screen.getByText('Page is not reachable (HTTP 404)')).toBeInTheDocument();
    expect(screen.getByText('Links were not checked: the page could not be read')).toBeInTheDocument();
    expect(screen.queryByText(/No page to promote was given/)).not.toBeInTheDocument();
  });

  it('says no page to promote was given when the live page had no target to look for', () => {
    renderWithProviders(<ProofCheckResult check={check({})} />);
    expect(screen.getByText('No page to promote was given, so links were not checked')).toBeInTheDocument();
  });
});
