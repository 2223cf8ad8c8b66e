import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Radio, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconCircleCheck, IconAlertTriangle, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  BILLING_MESSAGES as M,
  type BillingDetails,
  BillingDetailsInputSchema,
  IDENTIFICATION_LIMITS,
  isVatCountry,
  type VatCheckResult,
} from '@cryptads/contract/billing';
import type { BillingCountry, BillingProfileView, VatCheckSummary } from '@cryptads/contract/billing-profile';
import { paths } from '@cryptads/contract/paths';
import { errorReason } from '../../../lib/api-client';
import { FormError } from '../../../ui/form-error';
import { showSuccess } from '../../../ui/status-store';
import { useSaveDetails } from '../api/save-details';
import { useValidateVat } from '../api/validate-vat';

export type IdentificationValues = {
  isCompany: boolean;
  country: string;
  address: string;
  name: string;
  taxNumber: string;
  vatCode: string;
  firstName: string;
  lastName: string;
};

export const identificationDefaults = (profile: BillingProfileView): IdentificationValues => ({
  isCompany: profile.complete ? profile.isCompany : false,
  country: profile.country,
  address: profile.address,
  name: profile.isCompany ? profile.name : '',
  taxNumber: profile.number,
  vatCode: profile.vatCode,
  firstName: profile.firstName,
  lastName: profile.lastName,
});

// The form holds both kinds' fields; the contract's union keeps those of the chosen kind.
const resolver = zodResolver(BillingDetailsInputSchema) as unknown as Resolver<
  IdentificationValues,
  unknown,
  BillingDetails
>;

type VatAnswer = Pick<VatCheckResult | VatCheckSummary, 'status' | 'message'>;

function VatMessage({ answer }: { answer: VatAnswer }) {
  const tone =
    answer.status === 'invalid'
      ? { color: 'red.9', Icon: IconX }
      : answer.status === 'not_checked'
        ? { color: 'orange.9', Icon: IconAlertTriangle }
        : { color: 'teal.9', Icon: IconCircleCheck };
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" role="status" data-testid="vat-message">
      <tone.Icon
        size={16}
        aria-hidden
        style={{ flexShrink: 0, marginTop: 2 }}
        color={`var(--mantine-color-${tone.color.replace('.', '-')})`}
      />
      <Text size="sm" c={tone.color}>
        {answer.message}
      </Text>
    </Group>
  );
}

/**
 * Identification Details (docs/product/billing.md#identification): company or individual, every field required and
 * at most 255 characters; a company in an EU member state may give a VAT code (at most 64),
 * checked by Verify, which waits for a country. Read-only while verified, pending or rejected.
 */
export function IdentificationForm({
  profile,
  countries,
  readOnly,
}: {
  profile: BillingProfileView;
  countries: BillingCountry[];
  readOnly: boolean;
}) {
  const navigate = useNavigate();
  const save = useSaveDetails();
  const validate = useValidateVat();
  const [vatAnswer, setVatAnswer] = useState<VatAnswer | null>(profile.vatCheck);
  const form = useForm<IdentificationValues, unknown, BillingDetails>({
    resolver,
    defaultValues: identificationDefaults(profile),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [isCompany, country, vatCode] = useWatch({ control: form.control, name: ['isCompany', 'country', 'vatCode'] });
  const showVat = isCompany && !!country && isVatCountry(country);
  const errors = form.formState.errors;

  const onSubmit = async (values: BillingDetails) => {
    try {
      await save.mutateAsync(values);
      showSuccess(M.identificationSaved);
      void navigate(paths.billing.uploadDocuments);
    } catch (error) {
      form.setError('root.server', { message: errorReason(error) });
    }
  };

  const verify = async () => {
    setVatAnswer(null);
    try {
      setVatAnswer(await validate.mutateAsync({ code: vatCode, countryCode: country }));
    } catch (error) {
      form.setError('vatCode', { message: errorReason(error) });
    }
  };

  const text = (name: keyof IdentificationValues, label: string, extra: { autoComplete?: string } = {}) => (
    <TextInput
      label={label}
      withAsterisk={!readOnly}
      maxLength={IDENTIFICATION_LIMITS.fieldMax}
      readOnly={readOnly}
      variant={readOnly ? 'filled' : 'default'}
      error={errors[name]?.message}
      data-testid={`identification-${name}`}
      {...extra}
      {...form.register(name)}
    />
  );

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate data-testid="identification-form">
      <Stack gap="md">
        <Controller
          control={form.control}
          name="isCompany"
          render={({ field }) => (
            <Radio.Group
              label="I am"
              value={field.value ? 'company' : 'individual'}
              onChange={(value) => field.onChange(value === 'company')}
              readOnly={readOnly}
            >
              <Group gap="lg" mt={6}>
                <Radio
                  value="individual"
                  label="An individual"
                  disabled={readOnly}
                  data-testid="identification-individual"
                />
                <Radio value="company" label="A company" disabled={readOnly} data-testid="identification-company" />
              </Group>
            </Radio.Group>
          )}
        />
        {isCompany ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {text('name', 'Company name', { autoComplete: 'organization' })}
            {text('taxNumber', 'Registration number')}
          </SimpleGrid>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {text('firstName', 'First name', { autoComplete: 'given-name' })}
              {text('lastName', 'Last name', { autoComplete: 'family-name' })}
            </SimpleGrid>
            <Text size="xs" c="dimmed" mt={-8}>
              Your first name, last name and country must match your identity document.
            </Text>
          </>
        )}
        <Controller
          control={form.control}
          name="country"
          render={({ field, fieldState }) => (
            <Select
              label="Country"
              withAsterisk={!readOnly}
              placeholder="Choose a country"
              searchable
              readOnly={readOnly}
              variant={readOnly ? 'filled' : 'default'}
              data={countries.map((c) => ({ value: c.code, label: c.name }))}
              value={field.value || null}
              onChange={(value) => {
                field.onChange(value ?? '');
                setVatAnswer(null);
              }}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              nothingFoundMessage="No country found"
              comboboxProps={{ withinPortal: true }}
              data-testid="identification-country"
            />
          )}
        />
        <Textarea
          label="Address"
          withAsterisk={!readOnly}
          rows={2}
          maxLength={IDENTIFICATION_LIMITS.fieldMax}
          readOnly={readOnly}
          variant={readOnly ? 'filled' : 'default'}
          autoComplete="street-address"
          error={errors.address?.message}
          data-testid="identification-address"
          {...form.register('address')}
        />
        {showVat ? (
          <Stack gap={6}>
            <Group align="flex-end" gap="sm" wrap="nowrap">
              <TextInput
                label="VAT code"
                description="Optional: companies registered for VAT in the European Union"
                maxLength={IDENTIFICATION_LIMITS.vatCodeMax}
                readOnly={readOnly}
                variant={readOnly ? 'filled' : 'default'}
                error={errors.vatCode?.message}
                style={{ flex: 1 }}
                data-testid="identification-vatCode"
                {...form.register('vatCode', { onChange: () => setVatAnswer(null) })}
              />
              {readOnly ? null : (
                <Button
                  variant="default"
                  onClick={() => void verify()}
                  disabled={!country || !vatCode.trim()}
                  loading={validate.isPending}
                  data-testid="vat-verify"
                >
                  Verify
                </Button>
              )}
            </Group>
            {vatAnswer ? <VatMessage answer={vatAnswer} /> : null}
          </Stack>
        ) : null}
        <FormError message={errors.root?.server?.message} />
        {readOnly ? null : (
          <Button
            type="submit"
            loading={save.isPending}
            style={{ alignSelf: 'flex-start' }}
            data-testid="identification-save"
          >
            Save
          </Button>
        )}
      </Stack>
    </form>
  );
}
