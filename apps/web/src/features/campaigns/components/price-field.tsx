import { Group, Slider, Stack, Text } from '@mantine/core';
import { CAMPAIGN_LIMITS } from '@cryptads/contract/campaign-messages';
import { clampPrice, isUnsetPrice } from '../lib/price';
import { NumberField } from './number-field';

/**
 * The CPM/CPC price: a slider that clamps to [min, max] in steps of 0.1 and a number input
 * for an exact value (its messages come from the form's contract schema).
 */
export function PriceField({
  label,
  value,
  onChange,
  min,
  max,
  error,
  disabled,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  error?: string;
  disabled?: boolean;
}) {
  const unset = isUnsetPrice(value);
  return (
    <Stack gap={6}>
      <NumberField
        label={`${label} price (€)`}
        description={`From €${min} to €${max}.`}
        withAsterisk
        allowDecimal
        leftSection="€"
        value={unset ? null : value}
        onChange={(v) => onChange(v ?? -1)}
        error={error}
        disabled={disabled}
        data-testid="field-price"
        w={{ base: '100%', xs: 240 }}
      />
      <Slider
        thumbLabel={`${label} price slider`}
        min={min}
        max={max}
        step={CAMPAIGN_LIMITS.priceStep}
        precision={2}
        value={unset ? min : clampPrice(value, min, max)}
        onChange={(v) => onChange(clampPrice(v, min, max))}
        disabled={disabled}
        label={(v) => `€${v}`}
        data-testid="price-slider"
        marks={[
          { value: min, label: `€${min}` },
          { value: max, label: `€${max}` },
        ]}
        mb="md"
      />
      <Group gap={4}>
        <Text size="xs" c="dimmed">
          A higher bid wins more impressions on premium finance and crypto sites.
        </Text>
      </Group>
    </Stack>
  );
}
