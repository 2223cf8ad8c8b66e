import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconExternalLink } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { CAMPAIGN_KIND_LABELS, CAMPAIGN_MESSAGES } from '@cryptads/contract/campaign-messages';
import type { CampaignOptions } from '@cryptads/contract/campaigns';
import { errorReason } from '../../../lib/api-client';
import { NotFoundPage } from '../../../ui/not-found-page';
import { PageLoader } from '../../../ui/page-loader';
import { showError, showSuccess } from '../../../ui/status-store';
import { useCreateCampaign } from '../api/create-campaign';
import { useDeleteDraft, useDraft, useSaveDraft } from '../api/drafts';
import { useCampaignOptions } from '../api/get-campaign-options';
import { BannerUpload } from '../components/banner-upload';
import { ForecastPanel } from '../components/forecast-panel';
import { GeneralFields } from '../components/general-fields';
import { NativeFields } from '../components/native-fields';
import { PricingFields } from '../components/pricing-fields';
import { TargetingFields } from '../components/targeting-fields';
import { WizardStepper } from '../components/wizard-stepper';
import {
  createPayload,
  type DraftState,
  draftData,
  isWizardType,
  restoreDraft,
  WIZARDS,
  type WizardType,
  type WizardValues,
} from '../lib/wizard';
import { stepSchema } from '../lib/wizard-schema';

const TITLES: Record<WizardType, string> = {
  display: 'Create a Display Campaign',
  native: 'Create a Native Campaign',
  popunder: 'Create a Popunder Campaign',
};

/** /campaigns/create/{display|native|popunder}/: loads options and the saved draft first. */
export function WizardPage() {
  const { kind } = useParams();
  if (!isWizardType(kind)) return <NotFoundPage />;
  return <WizardLoader key={kind} type={kind} />;
}

function WizardLoader({ type }: { type: WizardType }) {
  const options = useCampaignOptions();
  const draft = useDraft(type);
  if (options.isPending || draft.isPending) return <PageLoader />;
  if (options.isError || draft.isError)
    return (
      <Alert color="red.9" icon={<IconAlertCircle size={18} />} title="We could not open the wizard" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorReason(options.error ?? draft.error)}</Text>
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              void options.refetch();
              void draft.refetch();
            }}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  return <Wizard type={type} options={options.data} initial={restoreDraft(type, draft.data.data)} />;
}

export function Wizard({
  type,
  options,
  initial,
}: {
  type: WizardType;
  options: CampaignOptions;
  initial: DraftState;
}) {
  const navigate = useNavigate();
  const steps = WIZARDS[type];
  const last = steps.length - 1;
  const [active, setActive] = useState(initial.activeStep);
  const [reached, setReached] = useState(initial.reached);
  const activeRef = useRef(active);
  activeRef.current = active;
  const saveDraft = useSaveDraft();
  const deleteDraft = useDeleteDraft();
  const create = useCreateCampaign();

  // One form for the whole wizard; the resolver checks the fields of the step on screen.
  const resolver: Resolver<WizardValues> = (values, context, opts) =>
    zodResolver(stepSchema(type, activeRef.current, options, values.kind))(
      values,
      context,
      opts as never,
    ) as ReturnType<Resolver<WizardValues>>;
  const form = useForm<WizardValues>({ resolver, defaultValues: initial.values, mode: 'onSubmit' });
  const [kind, trafficType] = useWatch({ control: form.control, name: ['kind', 'trafficType'] });

  const goTo = async (step: number, nextReached = Math.max(reached, step)) => {
    try {
      await saveDraft.mutateAsync({
        kind: type,
        data: draftData({ values: form.getValues(), activeStep: step, reached: nextReached }),
      });
    } catch (error) {
      showError(errorReason(error));
      return;
    }
    form.clearErrors();
    setActive(step);
    setReached(nextReached);
    window.scrollTo(0, 0);
  };

  const submitCampaign = async () => {
    try {
      await create.mutateAsync(createPayload(form.getValues()));
    } catch (error) {
      showError(errorReason(error));
      return;
    }
    try {
      await deleteDraft.mutateAsync(type);
    } catch {
      // The campaign exists; a draft left behind only pre-fills the next wizard.
    }
    showSuccess(CAMPAIGN_MESSAGES.created, () => void navigate(paths.campaigns.all));
  };

  const onValid = () => (active === last ? submitCampaign() : goTo(active + 1));

  const stepName = steps[active];
  const busy = saveDraft.isPending || create.isPending || form.formState.isSubmitting;

  return (
    <Stack gap="lg" maw={980}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2} size="h3">
            {TITLES[type]}
          </Title>
          <Text size="sm" c="dimmed">
            Step {active + 1} of {steps.length}
            {type === 'native' ? ` · ${CAMPAIGN_KIND_LABELS[kind]}` : ''}
          </Text>
        </div>
        <Anchor
          href={paths.campaigns.blacklist}
          target="_blank"
          rel="noopener"
          size="sm"
          data-testid="global-blacklist-link"
        >
          <Group gap={4} component="span">
            Global Blacklist <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      <WizardStepper
        steps={steps}
        active={active}
        reached={reached}
        onSelect={(step) => {
          if (step < active) void goTo(step, reached);
          else void form.handleSubmit(() => goTo(step, reached))();
        }}
      />
      <form onSubmit={form.handleSubmit(onValid)} noValidate aria-label={stepName} data-testid={`wizard-form-${type}`}>
        <Card withBorder radius="lg" padding="xl">
          <Title order={3} size="h4" mb="md" data-testid="wizard-step-title">
            {stepName}
          </Title>
          {stepName === 'General Details' ? (
            <GeneralFields form={form} options={options} chooseNativePlatform={type === 'native'} />
          ) : stepName === 'Pricing Details' ? (
            <PricingFields form={form} options={options} />
          ) : stepName === 'Audience Targeting' ? (
            <TargetingFields form={form} options={options} />
          ) : stepName === 'Upload Creatives' ? (
            <Controller
              control={form.control}
              name="banners"
              render={({ field, fieldState }) => (
                <BannerUpload
                  value={field.value}
                  onChange={field.onChange}
                  trafficType={trafficType}
                  error={fieldState.error?.message ?? fieldState.error?.root?.message}
                />
              )}
            />
          ) : (
            <NativeFields form={form} />
          )}
          <Group justify="space-between" mt="xl">
            {active > 0 ? (
              <Button variant="default" onClick={() => void goTo(active - 1, reached)} disabled={busy}>
                Previous
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={busy} data-testid="wizard-next">
              {active === last ? 'Create Campaign' : 'Next'}
            </Button>
          </Group>
        </Card>
      </form>
      {stepName === 'Pricing Details' || stepName === 'Audience Targeting' ? <ForecastPanel form={form} /> : null}
    </Stack>
  );
}
