import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { forecastEndpoints } from '@cryptads/contract/endpoints/forecasts';
import type { CampaignPaceAnswer } from '@cryptads/contract/forecasts';
import { answer, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { CampaignPacePanel } from './pace-panel';

const PACE = { id: 7, spendPerHour: 2, spentToday: 10, dailyBudgetAt: null, totalBudgetAt: null };
const NOT_MEASURED = { measuredImpressions: 0, viewableImpressions: 0, viewabilityRate: null };

function show(campaign: CampaignPaceAnswer) {
  serve(
    answer(forecastEndpoints.campaignPace, campaign),
    answer(forecastEndpoints.pace, { balance: 100, spendPerHour: 2, balanceRunOutAt: null, campaigns: [] }),
  );
  return renderWithProviders(<CampaignPacePanel id={7} />);
}

describe("the campaign page's pace and viewability", () => {
  it('shows a Delivering campaign its viewability beside its pace', async () => {
    show({
      pace: PACE,
      balanceRunOutAt: null,
      viewability: { measuredImpressions: 800, viewableImpressions: 500, viewabilityRate: 62.5 },
    });
    expect(await screen.findByTestId('campaign-viewability')).toHaveTextContent('62.50%');
    expect(screen.getByTestId('campaign-viewability-note')).toHaveTextContent('500 of 800 measured impressions');
    expect(screen.getByTestId('pace-per-hour')).toBeInTheDocument();
  });

  it('says — while nothing was measured, never 0 %', async () => {
    show({ pace: PACE, balanceRunOutAt: null, viewability: NOT_MEASURED });
    expect(await screen.findByTestId('campaign-viewability')).toHaveTextContent('—');
    expect(screen.getByTestId('campaign-viewability-note')).toHaveTextContent('Not measured yet');
  });

  it('shows a paused campaign its viewability alone, and nothing without any', async () => {
    show({
      pace: null,
      balanceRunOutAt: null,
      viewability: { measuredImpressions: 40, viewableImpressions: 10, viewabilityRate: 25 },
    });
    expect(await screen.findByTestId('campaign-viewability')).toHaveTextContent('25.00%');
    expect(screen.queryByTestId('pace-per-hour')).toBeNull();
  });
});
