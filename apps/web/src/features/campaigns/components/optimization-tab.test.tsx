import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES } from '@cryptads/contract/campaign-messages';
import { campaignEndpoints } from '@cryptads/contract/endpoints/campaigns';
import { reportEndpoints } from '@cryptads/contract/endpoints/reports';
import { saveSession } from '../../../lib/session';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { campaignDetail } from '../testing/campaign-fixture';
import { OptimizationTab } from './optimization-tab';

configure({ asyncUtilTimeout: 5000 });

const A = 'aaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbb';
const rows = [A, B].map((id, i) => ({
  id,
  website: 'coins.example',
  type: 'Banner',
  impressions: 1000 * (i + 1),
  clicks: i + 1,
  ctr: 0.1,
  money: 0.2,
  filteredImpressions: 10 * i,
  filteredClicks: i,
}));

let campaign: { excludeFlag: boolean; excludeList: string[]; isLocked: boolean; status: number };
const putBodies = () => sentTo(campaignEndpoints.update).map((r) => r.body);

beforeEach(() => {
  saveSession({ userType: 1 });
  campaign = { excludeFlag: true, excludeList: [B], isLocked: false, status: 1 };
  serve(
    answer(campaignEndpoints.update, ({ params, body }) => {
      if (params.id !== '9') return failure(404, 'Not found');
      campaign = { ...campaign, excludeList: (body as { excludeList: string[] }).excludeList };
      return { excludeList: campaign.excludeList, excludeFlag: campaign.excludeFlag };
    }),
    answer(campaignEndpoints.detail, ({ params }) =>
      params.id === '9' ? campaignDetail({ id: 9, name: 'Spring', ...campaign }) : failure(404, 'Not found'),
    ),
    answer(reportEndpoints.report, ({ params, query }) =>
      params.campaignIds === '9' && params.websiteId === 'all' && query.get('group') === 'zone'
        ? { rows }
        : failure(404, 'Not found'),
    ),
  );
});

describe('optimization tab', { timeout: 30_000 }, () => {
  it('checks the zones the campaign shows on and sends the whole new exclusion list on each toggle', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OptimizationTab id={9} />);
    const a = await screen.findByRole('checkbox', { name: `Show ads on zone ${A}` });
    const b = screen.getByRole('checkbox', { name: `Show ads on zone ${B}` });
    expect(a).toBeChecked();
    expect(b).not.toBeChecked();
    await user.click(a);
    await waitFor(() => expect(putBodies()).toEqual([{ excludeList: [B, A] }]));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: `Show ads on zone ${A}` })).not.toBeChecked());
    await waitFor(() => expect(screen.getByRole('checkbox', { name: `Show ads on zone ${B}` })).toBeEnabled());
    await user.click(screen.getByRole('checkbox', { name: `Show ads on zone ${B}` }));
    await waitFor(() => expect(putBodies()[1]).toEqual({ excludeList: [A] }));
  });

  it('treats the list as the only zones to run on when excludeFlag is off', async () => {
    campaign = { ...campaign, excludeFlag: false };
    const user = userEvent.setup();
    renderWithProviders(<OptimizationTab id={9} />);
    const a = await screen.findByRole('checkbox', { name: `Show ads on zone ${A}` });
    expect(a).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: `Show ads on zone ${B}` })).toBeChecked();
    await user.click(a);
    await waitFor(() => expect(putBodies()).toEqual([{ excludeList: [B, A] }]));
  });

  it('does not let a locked campaign change its zones', async () => {
    campaign = { ...campaign, isLocked: true };
    renderWithProviders(<OptimizationTab id={9} />);
    expect(await screen.findByRole('checkbox', { name: `Show ads on zone ${A}` })).toBeDisabled();
    expect(screen.getByText(CAMPAIGN_MESSAGES.locked)).toBeInTheDocument();
  });
});
