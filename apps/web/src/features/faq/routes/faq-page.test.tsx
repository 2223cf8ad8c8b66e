import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { systemEndpoints } from '@cryptads/contract/endpoints/system';
import { answer, serve } from '../../../testing/http';
import { publicConfigFixture } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { FaqPage } from './faq-page';

const config = publicConfigFixture({
  rules: {
    ...publicConfigFixture().rules,
    minimumBids: { ...publicConfigFixture().rules.minimumBids, DISPLAY_TYPE_REGULAR: 0.35 },
  },
});

describe('FAQ page', () => {
  it('states the minimum bids this deployment configures', async () => {
    serve(answer(systemEndpoints.config, config));
    const user = userEvent.setup();
    renderWithProviders(<FaqPage />, { route: '/faq/advertisers-faq/' });
    await user.click(await screen.findByRole('button', { name: /What are the minimum bids/ }));
    expect(await screen.findByText(/Display regular 0\.35 EUR/)).toBeInTheDocument();
    expect(screen.queryByText(/Display regular 0\.20 EUR/)).not.toBeInTheDocument();
  });
});
