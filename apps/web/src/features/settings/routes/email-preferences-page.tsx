import { Card, Divider, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { EMAIL_PREFERENCE_LABELS, type EmailPreferences, SETTINGS_MESSAGES } from '@cryptads/contract/settings';
import { errorReason } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { FormError } from '../../../ui/form-error';
import { showError } from '../../../ui/status-store';
import { usePreferences, useUpdatePreferences } from '../api/preferences';

const ORDER: (keyof EmailPreferences)[] = ['emailNotification', 'emailMarketing', 'emailMarketingPartners'];

/** /settings/email/ (docs/product/account.md#settings): three switches, each saved as it changes. */
export function EmailPreferencesPage() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();

  const toggle = (key: keyof EmailPreferences, value: boolean) => {
    if (!preferences.data) return;
    update.mutate(
      { ...preferences.data, [key]: value },
      {
        onSuccess: () => void notify({ message: SETTINGS_MESSAGES.preferencesSaved, color: 'teal' }),
        onError: (error) => showError(errorReason(error)),
      },
    );
  };

  return (
    <Card withBorder radius="lg" padding="lg" maw={640}>
      <Stack gap={4} mb="md">
        <Title order={2} size="h4">
          Email preferences
        </Title>
        <Text size="sm" c="dimmed">
          Choose which emails we send you. Security emails (new logins, password changes) are always sent.
        </Text>
      </Stack>
      {preferences.isError ? (
        <FormError message={errorReason(preferences.error)} />
      ) : preferences.isPending ? (
        <Stack gap="md" aria-busy="true">
          <Skeleton h={40} />
          <Skeleton h={40} />
          <Skeleton h={40} />
        </Stack>
      ) : (
        <Stack gap="md" data-testid="email-preferences">
          {ORDER.map((key, i) => (
            <Fragment key={key}>
              {i > 0 ? <Divider /> : null}
              <Switch
                size="md"
                checked={preferences.data[key]}
                onChange={(e) => toggle(key, e.currentTarget.checked)}
                label={EMAIL_PREFERENCE_LABELS[key].label}
                description={EMAIL_PREFERENCE_LABELS[key].description}
                disabled={update.isPending}
                data-testid={`pref-${key}`}
              />
            </Fragment>
          ))}
        </Stack>
      )}
    </Card>
  );
}
