import { screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { forecastEndpoints } from '@cryptads/contract/endpoints/forecasts';
import type { Forecast } from '@cryptads/contract/forecasts';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { defaultValues, type WizardValues } from '../lib/wizard';
import { ForecastPanel, forecastDraft } from './forecast-panel';

const FORECAST: Forecast = {
  enoughData: true,
  historyDays: 14,
  dailyRequests: 12_000,
  dailyImpressions: 9000,
  dailyClicks: 27,
  dailySpend: 13.5,
  winRate: 0.75,
  budgetDays: 8,
  viewabilityRate: 63.4,
  notes: ['Based on 14 days of traffic, invalid traffic excluded.'],
};

function Harness({ values }: { values: Partial<WizardValues> }) {
  const form = useForm<WizardValues>({ defaultValues: { ...defaultValues('display'), ...values } });
  return <ForecastPanel form={form} />;
}

const filled = { price: 1.5, dailyBudget: 50, allCountries: false, countries: ['DE'] };

describe('ForecastPanel', () => {
  it('asks for a bid and a daily budget first, and sends nothing', async () => {
    serve(answer(forecastEndpoints.forecast, FORECAST));
    renderWithProviders(<Harness values={{ price: 0, dailyBudget: null }} />);
    expect(screen.getByTestId('forecast-empty')).toHaveTextContent('Enter a bid and a daily budget to see a forecast.');
    await new Promise((r) => setTimeout(r, 500));
    expect(sentTo(forecastEndpoints.forecast)).toHaveLength(0);
  });

  it('shows the figures of the draft it sent', async () => {
    serve(answer(forecastEndpoints.forecast, FORECAST));
    renderWithProviders(<Harness values={filled} />);
    expect(await screen.findByTestId('forecast-impressions')).toHaveTextContent('9,000');
    expect(screen.getByTestId('forecast-requests')).toHaveTextContent('12,000');
    expect(screen.getByTestId('forecast-spend')).toHaveTextContent('€13.50');
    expect(screen.getByTestId('forecast-days')).toHaveTextContent('8 days');
    expect(screen.getByTestId('forecast-viewability')).toHaveTextContent('63.40%');
    expect(screen.getByTestId('forecast-notes')).toHaveTextContent('Your bid wins 75 % of eligible requests.');
    const [sent] = sentTo(forecastEndpoints.forecast);
    expect(sent?.body).toMatchObject({ kind: 'display', price: 1.5, dailyBudget: 50, countries: ['DE'] });
  });

  it('says when the history is too thin, and shows an error with its reason', async () => {
    serve(answer(forecastEndpoints.forecast, { ...FORECAST, enoughData: false, historyDays: 1 }));
    const view = renderWithProviders(<Harness values={filled} />);
    expect(await screen.findByTestId('forecast-not-enough')).toHaveTextContent(
      'Not enough traffic history yet to forecast this targeting.',
    );
    view.unmount();
    serve(answer(forecastEndpoints.forecast, () => failure(500, 'Something went wrong.')));
    renderWithProviders(<Harness values={{ ...filled, price: 2 }} />);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('We could not forecast this'));
  });

  it('tells assistive technology that the forecast is updating while it loads', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    serve(
      answer(forecastEndpoints.forecast, async () => {
        await held;
        return FORECAST;
      }),
    );
    renderWithProviders(<Harness values={filled} />);
    // A status (a spinner's label is read only on an element with a role that takes one).
    expect(await screen.findByRole('status', { name: 'Updating the forecast' })).toBeInTheDocument();
    release();
    expect(await screen.findByTestId('forecast-impressions')).toHaveTextContent('9,000');
  });

  it('all countries send an empty list', () => {
    expect(forecastDraft({ ...defaultValues('popunder'), price: 1, dailyBudget: 20 })?.countries).toEqual([]);
  });
});
