import { Alert, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconClockHour4, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z4 from 'zod/v4/core';
import { CAMPAIGN_KIND_LABELS, CAMPAIGN_MESSAGES, CampaignStatus } from '@cryptads/contract/campaign-messages';
import type { CampaignDetail, CampaignOptions } from '@cryptads/contract/campaigns';
import { errorReason } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { PageLoader } from '../../../ui/page-loader';
import { showError, showSuccess } from '../../../ui/status-store';
import { useCampaign } from '../api/get-campaign';
import { useCampaignOptions } from '../api/get-campaign-options';
import { useUpdateCampaign } from '../api/update-campaign';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { fieldsPayload, valuesFromCampaign, type WizardValues } from '../lib/wizard';
import { CampaignActions } from './campaign-actions';
import { CreativesSection } from './creatives-section';
import { GeneralFields } from './general-fields';
import { PricingFields } from './pricing-fields';
import { SharingPanel } from './sharing-panel';
import { StatusBadge } from './status-badge';
import { TargetingFields } from './targeting-fields';
import { TrackingPanel } from './tracking-panel';

/** Campaign Setup tab: header with actions and sharing, the editable fields, the creatives. */
export function SetupTab({ id }: { id: number }) {
  const campaign = useCampaign(id);
  const options = useCampaignOptions();
  if (campaign.isPending || options.isPending) return <PageLoader />;
  if (campaign.isError || options.isError)
    return (
      <Alert color="red.9" icon={<IconAlertCircle size={18} />} title="We could not load this campaign" role="alert">
        <Text size="sm">{errorReason(campaign.error ?? options.error)}</Text>
      </Alert>
    );
  const c = campaign.data;
  return (
    <Stack gap="md" data-testid="setup-tab">
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={4} miw={0}>
              <Title order={2} size="h3" data-testid="campaign-name">
                {c.name}
              </Title>
              <Text size="sm" c="dimmed">
                {CAMPAIGN_KIND_LABELS[c.kind]} · #{c.id} · created {formatDate(c.date)}
              </Text>
            </Stack>
            <StatusBadge status={c.status} isLocked={c.isLocked} withDelivery />
          </Group>
          <CampaignActions campaign={c} />
          {c.runAfterApproval && c.status === CampaignStatus.Pending ? (
            <Alert color="brand" icon={<IconClockHour4 size={18} />} data-testid="pending-notice">
              {CAMPAIGN_MESSAGES.runAfterApprovalNotice}
            </Alert>
          ) : null}
          {c.isLocked ? (
            <Alert color="gray" icon={<IconLock size={18} />}>
              {CAMPAIGN_MESSAGES.locked}
            </Alert>
          ) : null}
          <Divider />
          <SharingPanel campaign={c} />
        </Stack>
      </Card>
      <SettingsForm key={c.updatedAt} campaign={c} options={options.data} />
      <CreativesSection campaign={c} />
      <TrackingPanel campaignId={c.id} />
    </Stack>
  );
}

function SettingsForm({ campaign, options }: { campaign: CampaignDetail; options: CampaignOptions }) {
  const update = useUpdateCampaign();
  // The list opens on this form, so zod and the contract's schemas load on its first focus
  // or first save instead of with the list (first-load budget, decision 027).
  const [validation] = useState(() =>
    lazyZodResolver<WizardValues, WizardValues>(
      async () =>
        // The schema checks the fields it knows and passes the others through untouched.
        (await import('../lib/wizard-schema')).fieldsSchema(options, campaign.kind) as unknown as z4.$ZodType<
          WizardValues,
          WizardValues
        >,
    ),
  );
  const form = useForm<WizardValues>({ resolver: validation.resolver, defaultValues: valuesFromCampaign(campaign) });
  const locked = campaign.isLocked;

  const onValid = async () => {
    try {
      await update.mutateAsync({ id: campaign.id, fields: fieldsPayload(form.getValues(), campaign) });
      showSuccess(CAMPAIGN_MESSAGES.updated);
    } catch (error) {
      showError(errorReason(error));
    }
  };

  return (
    <form
      onSubmit={form.handleSubmit(onValid)}
      onFocus={validation.preload}
      noValidate
      aria-label="Campaign settings"
      data-testid="setup-form"
    >
      <Stack gap="md">
        <Card withBorder radius="lg" padding="lg">
          <Title order={3} size="h4" mb="md">
            General Details
          </Title>
          <GeneralFields form={form} options={options} disabled={locked} />
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={3} size="h4" mb="md">
            Pricing Details
          </Title>
          <PricingFields form={form} options={options} disabled={locked} />
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={3} size="h4" mb="md">
            Audience Targeting
          </Title>
          <TargetingFields form={form} options={options} disabled={locked} />
        </Card>
        <Group justify="flex-end">
          <Text size="xs" c="dimmed">
            A saved change sends the campaign back for approval.
          </Text>
          <Button type="submit" disabled={locked} loading={update.isPending} data-testid="save-campaign">
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
