import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { identificationReadOnly } from '@cryptads/contract/billing-messages';
import { errorReason } from '../../../lib/api-client';
import { FormError } from '../../../ui/form-error';
import { useBillingProfile } from '../api/get-billing-profile';
import { useCountries } from '../api/get-countries';
import { IdentificationForm } from '../components/identification-form';

/** /billing/details/identification/ (docs/product/billing.md#identification). */
export function IdentificationPage() {
  const profile = useBillingProfile();
  const countries = useCountries();
  const readOnly = profile.data ? identificationReadOnly(profile.data) : false;
  return (
    <Card withBorder radius="lg" padding="lg" maw={760}>
      <Stack gap={4} mb="md">
        <Title order={2} size="h4">
          Identification Details
        </Title>
        <Text size="sm" c="dimmed">
          {readOnly
            ? 'Your details are verified or under review and can no longer be changed. Contact us to change them.'
            : 'Who we invoice and pay: the details must match your documents.'}
        </Text>
      </Stack>
      {profile.data && countries.data ? (
        <IdentificationForm profile={profile.data} countries={countries.data} readOnly={readOnly} />
      ) : profile.isError || countries.isError ? (
        <FormError message={errorReason(profile.error ?? countries.error)} />
      ) : (
        <Stack gap="md" aria-busy="true" data-testid="identification-loading">
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={72} />
        </Stack>
      )}
    </Card>
  );
}
