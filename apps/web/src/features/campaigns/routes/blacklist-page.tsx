import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  CAMPAIGN_LIMITS,
  CAMPAIGN_MESSAGES,
  listTextLength,
  normaliseList,
} from '@cryptads/contract/campaign-messages';
import { BlacklistSchema } from '@cryptads/contract/campaigns';
import { errorReason, isApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { PageLoader } from '../../../ui/page-loader';
import { showError, showSuccess } from '../../../ui/status-store';
import { useBlacklist, useSaveBlacklist } from '../api/blacklist';

/** The textarea holds the list one item per line; the contract's list schema checks it. */
const BlacklistFormSchema = z.object({
  text: z
    .string()
    .max(CAMPAIGN_LIMITS.blacklistMax, CAMPAIGN_MESSAGES.blacklistTooLong)
    .transform((text) => normaliseList(text))
    .pipe(BlacklistSchema),
});
type BlacklistForm = z.input<typeof BlacklistFormSchema>;
type BlacklistOutput = z.output<typeof BlacklistFormSchema>;

/** /campaigns/blacklist/: zone ids and domains that none of the campaigns run on. */
export function BlacklistPage() {
  const blacklist = useBlacklist();
  if (blacklist.isPending) return <PageLoader />;
  if (blacklist.isError)
    return (
      <Alert color="red.9" icon={<IconAlertCircle size={18} />} title="We could not load your blacklist" role="alert">
        {errorReason(blacklist.error)}
      </Alert>
    );
  return <BlacklistEditor initial={blacklist.data} />;
}

function BlacklistEditor({ initial }: { initial: string[] }) {
  const save = useSaveBlacklist();
  const form = useForm<BlacklistForm, unknown, BlacklistOutput>({
    resolver: zodResolver(BlacklistFormSchema),
    defaultValues: { text: initial.join('\n') },
  });
  const text = form.watch('text');

  const onValid = async ({ text: items }: BlacklistOutput) => {
    try {
      const saved = await save.mutateAsync(items);
      form.reset({ text: saved.join('\n') });
      showSuccess(CAMPAIGN_MESSAGES.blacklistUpdated);
    } catch (error) {
      // A refused list says why; anything else gets the product's failure text.
      showError(isApiError(error) && error.status === 400 ? errorReason(error) : CAMPAIGN_MESSAGES.blacklistFailure);
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" maw={820}>
      <form onSubmit={form.handleSubmit(onValid)} noValidate aria-label="Global Blacklist" data-testid="blacklist-form">
        <Stack gap="md">
          <Text c="dimmed" size="sm">
            Zone IDs or domains none of your campaigns will run on. One item per line; spaces around an item and empty
            lines are removed when you save.
          </Text>
          <Textarea
            label="Global Blacklist"
            placeholder={'12345\nexample.com'}
            autosize
            minRows={10}
            maxRows={24}
            description={`${formatNumber(listTextLength(normaliseList(text ?? '')))} / ${formatNumber(CAMPAIGN_LIMITS.blacklistMax)} characters`}
            error={form.formState.errors.text?.message}
            data-testid="blacklist-text"
            {...form.register('text')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="blacklist-save">
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
