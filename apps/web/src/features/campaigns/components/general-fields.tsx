import { Radio, Select, Stack, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { CAMPAIGN_LIMITS, CAMPAIGN_MESSAGES } from '@cryptads/contract/campaign-messages';
import type { CampaignOptions } from '@cryptads/contract/campaigns';
import { registerTrimmed } from '../../../ui/trim-on-blur';
import type { WizardValues } from '../lib/wizard';
import { LandingUrlField } from './landing-url-field';

/** Name, landing URL, category, run after approval (and Web/App for native). */
export function GeneralFields({
  form,
  options,
  disabled,
  chooseNativePlatform,
}: {
  form: UseFormReturn<WizardValues>;
  options: CampaignOptions;
  disabled?: boolean;
  chooseNativePlatform?: boolean;
}) {
  const errors = form.formState.errors;
  return (
    <Stack gap="md">
      <TextInput
        label="Campaign name"
        description={`Up to ${CAMPAIGN_LIMITS.nameMax} characters; only you see it.`}
        withAsterisk
        disabled={disabled}
        error={errors.name?.message}
        data-testid="field-name"
        {...registerTrimmed(form, 'name')}
      />
      <LandingUrlField form={form} disabled={disabled} />
      {chooseNativePlatform ? (
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <Radio.Group
              label="Where should your native ad run?"
              value={field.value}
              onChange={field.onChange}
              data-testid="field-kind"
            >
              <Stack gap={6} mt={6}>
                <Radio value="native" label="Websites (Native Web)" disabled={disabled} />
                <Radio value="application" label="Mobile apps (Native App)" disabled={disabled} />
              </Stack>
            </Radio.Group>
          )}
        />
      ) : null}
      <Controller
        control={form.control}
        name="category"
        render={({ field, fieldState }) => (
          <Select
            label="Category"
            placeholder={CAMPAIGN_MESSAGES.categoryRequired}
            withAsterisk
            searchable
            disabled={disabled}
            data={options.categories.map((c) => ({ value: String(c.id), label: c.name }))}
            value={field.value == null ? null : String(field.value)}
            onChange={(v) => field.onChange(v == null ? null : Number(v))}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            data-testid="field-category"
          />
        )}
      />
      <Controller
        control={form.control}
        name="runAfterApproval"
        render={({ field }) => (
          <Radio.Group
            label="Run after approval"
            description="Start delivering as soon as an account manager approves the campaign."
            value={field.value ? 'yes' : 'no'}
            onChange={(v) => field.onChange(v === 'yes')}
            data-testid="field-runAfterApproval"
          >
            <Stack gap={6} mt={6}>
              <Radio value="yes" label="Yes" disabled={disabled} />
              <Radio value="no" label="No" disabled={disabled} />
            </Stack>
          </Radio.Group>
        )}
      />
    </Stack>
  );
}
