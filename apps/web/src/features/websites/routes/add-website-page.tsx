import { Button, Card, Grid, Stack, Stepper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { WEBSITE_MESSAGES, WEBSITE_WIZARD_STEPS } from '@cryptads/contract/websites-messages';
import { showSuccess } from '../../../ui/status-store';
import { useCreateWebsite } from '../api/create-website';
import { useUpdateWebsite } from '../api/update-website';
import { AddWebsiteStep, type AddWebsiteValues } from '../components/add-website-step';
import { VerificationPanel } from '../components/verification-panel';
import { WebsiteRules } from '../components/website-rules';
import { listMessageUrl } from '../list-message';

const STEP = { Details: 0, Verification: 1 } as const;
type Step = (typeof STEP)[keyof typeof STEP];

/** What step 1 sent last, so that going back and pressing Next again adds nothing twice. */
type Created = { id: number; website: string; categories: number[] };

const parseId = (raw: string | null) => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * /websites/add/ (docs/product/websites.md#add-website): Add Your Website, then Owner Verification. The new
 * website's id sits in the URL (?website=), so a reload keeps the person on step 2.
 */
export function AddWebsitePage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const idInUrl = parseId(params.get('website'));
  const [created, setCreated] = useState<Created | null>(null);
  const [step, setStep] = useState<Step>(idInUrl ? STEP.Verification : STEP.Details);
  const [values, setValues] = useState<AddWebsiteValues>({ website: '', excludeCategories: false, categories: [] });
  const websiteId = created?.id ?? idInUrl;
  const create = useCreateWebsite();
  const update = useUpdateWebsite(created?.id ?? 0);

  const submitDetails = async (next: AddWebsiteValues) => {
    const categories = next.excludeCategories ? next.categories : [];
    if (created && created.website === next.website) {
      // Same website as before: only the excluded categories may have changed.
      if (created.categories.join() !== categories.join()) await update.mutateAsync({ categories });
    } else {
      const verification = await create.mutateAsync({ website: next.website, categories });
      setParams({ website: String(verification.id) }, { replace: true });
      setCreated({ id: verification.id, website: next.website, categories });
    }
    setValues(next);
    setCreated((c) => (c ? { ...c, categories } : c));
    setStep(STEP.Verification);
  };

  const verified = () => {
    void navigate(paths.websites.all);
    showSuccess(WEBSITE_MESSAGES.websiteAdded);
  };

  // Completed steps are clickable, later ones are not (docs/product/websites.md#add-website wizard steppers).
  const canSelect = (index: Step) => index < step;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Add Website
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          Add your website, prove that it is yours, and get ad codes once it is approved.
        </Text>
      </div>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder radius="lg" padding="lg">
            <Stepper
              active={step}
              onStepClick={(index) => canSelect(index as Step) && setStep(index as Step)}
              allowNextStepsSelect={false}
              size="sm"
              data-testid="add-website-stepper"
            >
              <Stepper.Step label={WEBSITE_WIZARD_STEPS[0]} allowStepSelect={canSelect(STEP.Details)}>
                <AddWebsiteStep initialValues={values} onSubmit={submitDetails} />
              </Stepper.Step>
              <Stepper.Step label={WEBSITE_WIZARD_STEPS[1]} allowStepSelect={false}>
                {websiteId ? (
                  <VerificationPanel
                    websiteId={websiteId}
                    onVerified={verified}
                    extraActions={
                      <Button
                        component={Link}
                        to={listMessageUrl('unverified')}
                        variant="default"
                        data-testid="verify-later"
                      >
                        Verify later
                      </Button>
                    }
                  />
                ) : null}
              </Stepper.Step>
            </Stepper>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <WebsiteRules />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
