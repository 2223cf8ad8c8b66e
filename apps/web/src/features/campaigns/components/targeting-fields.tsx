import { Button, Group, MultiSelect, Radio, Stack, Text } from '@mantine/core';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { DEVICE_LABELS } from '@cryptads/contract/campaign-messages';
import type { CampaignOptions } from '@cryptads/contract/campaigns';
import type { WizardValues } from '../lib/wizard';

/** Countries (all, or chosen ones with country groups) and devices. */
export function TargetingFields({
  form,
  options,
  disabled,
}: {
  form: UseFormReturn<WizardValues>;
  options: CampaignOptions;
  disabled?: boolean;
}) {
  const allCountries = useWatch({ control: form.control, name: 'allCountries' });
  const addGroup = (codes: string[]) => {
    const current = form.getValues('countries');
    form.setValue('countries', [...new Set([...current, ...codes])], {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  };
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Controller
          control={form.control}
          name="allCountries"
          render={({ field }) => (
            <Radio.Group
              label="Countries"
              value={field.value ? 'all' : 'some'}
              onChange={(v) => field.onChange(v === 'all')}
              data-testid="field-allCountries"
            >
              <Group gap="lg" mt={6}>
                <Radio value="all" label="All countries" disabled={disabled} />
                <Radio value="some" label="Selected countries" disabled={disabled} />
              </Group>
            </Radio.Group>
          )}
        />
        {allCountries ? null : (
          <>
            <Controller
              control={form.control}
              name="countries"
              render={({ field, fieldState }) => (
                <MultiSelect
                  label="Selected countries"
                  placeholder="Search a country"
                  searchable
                  clearable
                  data={options.countries.map((c) => ({ value: c.code, label: c.name }))}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                  disabled={disabled}
                  data-testid="field-countries"
                  maxDropdownHeight={260}
                />
              )}
            />
            {options.countryGroups.length ? (
              <Group gap={6}>
                <Text size="xs" c="dimmed">
                  Add a group:
                </Text>
                {options.countryGroups.map((g) => (
                  <Button
                    key={g.name}
                    size="compact-xs"
                    variant="light"
                    onClick={() => addGroup(g.countries)}
                    disabled={disabled}
                  >
                    {g.name}
                  </Button>
                ))}
              </Group>
            ) : null}
          </>
        )}
      </Stack>
      <Controller
        control={form.control}
        name="device"
        render={({ field }) => (
          <Radio.Group
            label="Devices"
            value={String(field.value)}
            onChange={(v) => field.onChange(Number(v))}
            data-testid="field-device"
          >
            <Group gap="lg" mt={6}>
              {([1, 2, 3] as const).map((d) => (
                <Radio key={d} value={String(d)} label={DEVICE_LABELS[d]} disabled={disabled} />
              ))}
            </Group>
          </Radio.Group>
        )}
      />
    </Stack>
  );
}
