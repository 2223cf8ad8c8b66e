import { Badge, Group, Radio, SegmentedControl, Select, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import {
  allowsCpc,
  CAMPAIGN_LIMITS,
  CAPPING_TIME_LABELS,
  CAPPING_TIMES,
  coupleCapping,
  maximumPrice,
  minimumPrice,
  PAYMENT_MODE_LABELS,
  priceLabel,
  THROTTLE_LABELS,
  TRAFFIC_TYPE_LABELS,
} from '@cryptads/contract/campaign-messages';
import type { CampaignOptions } from '@cryptads/contract/campaigns';
import { clampPrice, isUnsetPrice } from '../lib/price';
import type { WizardValues } from '../lib/wizard';
import { NumberField } from './number-field';
import { PriceField } from './price-field';

/** Traffic type, payment mode, price, budgets, throttle and capping (docs/product/campaigns.md#pricing-and-budget). */
export function PricingFields({
  form,
  options,
  disabled,
}: {
  form: UseFormReturn<WizardValues>;
  options: CampaignOptions;
  disabled?: boolean;
}) {
  const [kind, trafficType, paymentMode, budgetFlag, capping] = useWatch({
    control: form.control,
    name: ['kind', 'trafficType', 'paymentMode', 'budgetFlag', 'capping'],
  });
  const pricing = { kind, trafficType, paymentMode };
  const min = minimumPrice(options, pricing);
  const max = maximumPrice(options, pricing);
  const errors = form.formState.errors;

  // A change of traffic type or payment mode moves the bounds: keep a chosen price inside.
  useEffect(() => {
    const price = form.getValues('price');
    if (!isUnsetPrice(price) && (price < min || price > max))
      form.setValue('price', clampPrice(price, min, max), { shouldDirty: true });
  }, [min, max, form]);

  const formats = options.adFormats.filter((f) => f.trafficType === trafficType);

  return (
    <Stack gap="lg">
      {kind === 'display' ? (
        <Stack gap={6}>
          <Controller
            control={form.control}
            name="trafficType"
            render={({ field }) => (
              <Radio.Group
                label="Traffic type"
                value={String(field.value)}
                onChange={(v) => field.onChange(Number(v))}
                data-testid="field-trafficType"
              >
                <Group gap="lg" mt={6}>
                  {[0, 1].map((t) => (
                    <Radio key={t} value={String(t)} label={TRAFFIC_TYPE_LABELS[t as 0 | 1]} disabled={disabled} />
                  ))}
                </Group>
              </Radio.Group>
            )}
          />
          <Group gap={6} data-testid="ad-formats">
            {formats.map((f) =>
              f.disabled ? (
                <Tooltip key={`${f.format}-${f.label}`} label={f.note ?? 'contact an account manager'}>
                  <Badge variant="outline" color="gray.7" tt="none" aria-disabled="true">
                    {f.label} ({f.note ?? 'contact an account manager'})
                  </Badge>
                </Tooltip>
              ) : (
                <Badge key={`${f.format}-${f.label}`} variant="light" tt="none">
                  {f.label}
                  {f.sizes.length ? `: ${f.sizes.join(', ')}` : ''}
                </Badge>
              ),
            )}
          </Group>
        </Stack>
      ) : null}

      {allowsCpc(kind) ? (
        <Controller
          control={form.control}
          name="paymentMode"
          render={({ field }) => (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="payment-mode-label">
                Payment mode
              </Text>
              <SegmentedControl
                aria-labelledby="payment-mode-label"
                value={String(field.value)}
                onChange={(v) => field.onChange(Number(v))}
                disabled={disabled}
                data={[0, 1].map((m) => ({ value: String(m), label: PAYMENT_MODE_LABELS[m as 0 | 1] }))}
                w={{ base: '100%', xs: 240 }}
                data-testid="field-paymentMode"
              />
            </Stack>
          )}
        />
      ) : null}

      <Controller
        control={form.control}
        name="price"
        render={({ field, fieldState }) => (
          <PriceField
            label={priceLabel(paymentMode)}
            value={field.value}
            onChange={field.onChange}
            min={min}
            max={max}
            error={fieldState.error?.message}
            disabled={disabled}
          />
        )}
      />

      <Controller
        control={form.control}
        name="dailyBudget"
        render={({ field, fieldState }) => (
          <NumberField
            label="Daily budget (€)"
            description={`Whole euros, from €${CAMPAIGN_LIMITS.dailyBudgetMin} to €${CAMPAIGN_LIMITS.dailyBudgetMax.toLocaleString('en-GB')}.`}
            withAsterisk
            leftSection="€"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            disabled={disabled}
            data-testid="field-dailyBudget"
            w={{ base: '100%', xs: 240 }}
          />
        )}
      />

      <Stack gap="xs">
        <Controller
          control={form.control}
          name="budgetFlag"
          render={({ field }) => (
            <Switch
              label="Set a total budget"
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              disabled={disabled}
              data-testid="field-budgetFlag"
            />
          )}
        />
        {budgetFlag ? (
          <Controller
            control={form.control}
            name="budget"
            render={({ field }) => (
              <NumberField
                label="Total budget (€)"
                description={`Whole euros, up to €${CAMPAIGN_LIMITS.totalBudgetMax.toLocaleString('en-GB')}.`}
                withAsterisk
                leftSection="€"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.budget?.message}
                disabled={disabled}
                data-testid="field-budget"
                w={{ base: '100%', xs: 240 }}
              />
            )}
          />
        ) : null}
      </Stack>

      <Controller
        control={form.control}
        name="throttleBudget"
        render={({ field }) => (
          <Radio.Group
            label="Budget delivery"
            value={field.value ? 'even' : 'fast'}
            onChange={(v) => field.onChange(v === 'even')}
            data-testid="field-throttleBudget"
          >
            <Stack gap={6} mt={6}>
              <Radio value="fast" label={THROTTLE_LABELS.fast} disabled={disabled} />
              <Radio value="even" label={THROTTLE_LABELS.even} disabled={disabled} />
            </Stack>
          </Radio.Group>
        )}
      />

      <CappingFields form={form} disabled={disabled} capping={capping} />
    </Stack>
  );
}

/**
 * Frequency capping with the coupling of docs/product/campaigns.md#pricing-and-budget: capping 0 sets the time to 0 and
 * disables it; capping above 0 while the time is 0 sets 24 hours.
 */
export function CappingFields({
  form,
  disabled,
  capping,
}: {
  form: UseFormReturn<WizardValues>;
  disabled?: boolean;
  capping: number | null;
}) {
  return (
    <Group align="flex-start" gap="md" grow preventGrowOverflow={false} wrap="wrap">
      <Controller
        control={form.control}
        name="capping"
        render={({ field, fieldState }) => (
          <NumberField
            label="Frequency capping"
            description={`Impressions per visitor, 0 to ${CAMPAIGN_LIMITS.cappingMax} (0: no capping).`}
            value={field.value}
            onChange={(next) => {
              field.onChange(next);
              if (next != null && Number.isFinite(next)) {
                const coupled = coupleCapping(next, form.getValues('cappingTime'));
                form.setValue('cappingTime', coupled.cappingTime, { shouldDirty: true });
              }
            }}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            disabled={disabled}
            data-testid="field-capping"
            miw={200}
          />
        )}
      />
      <Controller
        control={form.control}
        name="cappingTime"
        render={({ field, fieldState }) => (
          <Select
            label="Capping time"
            description="The period the capping counts over."
            placeholder="No capping"
            data={CAPPING_TIMES.map((t) => ({ value: String(t), label: CAPPING_TIME_LABELS[t] }))}
            value={field.value ? String(field.value) : null}
            onChange={(v) => field.onChange(v ? Number(v) : 0)}
            allowDeselect={false}
            disabled={disabled || !capping}
            error={fieldState.error?.message}
            data-testid="field-cappingTime"
            miw={200}
          />
        )}
      />
    </Group>
  );
}
