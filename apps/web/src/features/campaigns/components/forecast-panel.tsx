import { Alert, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import type { UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { FORECAST_MESSAGES, type ForecastRequest, ForecastRequestSchema } from '@cryptads/contract/forecasts';
import { formatEuros } from '@cryptads/contract/money';
import { formatViewability } from '@cryptads/contract/viewability';
import { errorReason } from '../../../lib/api-client';
import { useForecast } from '../api/forecasts';
import type { WizardValues } from '../lib/wizard';

const count = new Intl.NumberFormat('en-GB');

/** The wizard's values as a forecast draft; null while the bid or the daily budget is missing or invalid. */
export function forecastDraft(v: WizardValues): ForecastRequest | null {
  const parsed = ForecastRequestSchema.safeParse({
    kind: v.kind,
    trafficType: v.trafficType,
    paymentMode: v.paymentMode,
    price: v.price,
    dailyBudget: v.dailyBudget,
    budgetFlag: v.budgetFlag,
    budget: v.budgetFlag ? v.budget : null,
    capping: v.capping ?? 0,
    cappingTime: v.cappingTime,
    device: v.device,
    countries: v.allCountries ? [] : v.countries,
  });
  return parsed.success && parsed.data.price > 0 ? parsed.data : null;
}

/** Debounced: a draft is asked for once the targeting has been still for this long. */
export const FORECAST_DEBOUNCE_MS = 400;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** docs/product/forecasts.md#traffic-forecast: what the draft would likely buy, as its targeting changes. */
export function ForecastPanel({ form }: { form: UseFormReturn<WizardValues> }) {
  const values = useWatch({ control: form.control }) as WizardValues;
  const draft = forecastDraft(values);
  const [key] = useDebouncedValue(draft ? JSON.stringify(draft) : '', FORECAST_DEBOUNCE_MS);
  const forecast = useForecast(key ? (JSON.parse(key) as ForecastRequest) : null);
  const f = forecast.data;

  return (
    <Card withBorder radius="lg" padding="lg" aria-labelledby="forecast-title" data-testid="forecast-panel">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5" id="forecast-title">
          Traffic forecast
        </Title>
        {forecast.isFetching ? <Loader size="xs" role="status" aria-label="Updating the forecast" /> : null}
      </Group>
      {!key ? (
        <Text size="sm" c="dimmed" data-testid="forecast-empty">
          Enter a bid and a daily budget to see a forecast.
        </Text>
      ) : forecast.isError && !f ? (
        <Alert color="red.9" icon={<IconAlertCircle size={18} />} role="alert" title="We could not forecast this">
          <Text size="sm">{errorReason(forecast.error)}</Text>
        </Alert>
      ) : !f ? (
        <Text size="sm" c="dimmed">
          Forecasting…
        </Text>
      ) : !f.enoughData ? (
        <Text size="sm" data-testid="forecast-not-enough">
          {FORECAST_MESSAGES.notEnoughData}
        </Text>
      ) : (
        <Stack gap="sm" aria-live="polite">
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
            <Figure label="Eligible requests a day" value={count.format(f.dailyRequests)} testId="forecast-requests" />
            <Figure label="Impressions a day" value={count.format(f.dailyImpressions)} testId="forecast-impressions" />
            <Figure label="Clicks a day" value={count.format(f.dailyClicks)} testId="forecast-clicks" />
            <Figure label="Spend a day" value={formatEuros(f.dailySpend)} testId="forecast-spend" />
            <Figure
              label="Budget lasts"
              value={f.budgetDays === null ? '—' : `${f.budgetDays} day${f.budgetDays === 1 ? '' : 's'}`}
              testId="forecast-days"
            />
            <Figure label="Viewability" value={formatViewability(f.viewabilityRate)} testId="forecast-viewability" />
          </SimpleGrid>
          <Text size="xs" c="dimmed" data-testid="forecast-notes">
            Your bid wins {Math.round(f.winRate * 100)} % of eligible requests. {f.notes.join(' ')}
          </Text>
        </Stack>
      )}
    </Card>
  );
}
