import { Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconFileText, IconTags } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { WebsiteVerification } from '@cryptads/contract/websites';
import { WEBSITE_MESSAGES } from '@cryptads/contract/websites-messages';
import { errorReason, isApiError } from '../../../lib/api-client';
import { useWebsiteVerification } from '../api/get-website-verification';
import { useVerifyWebsite } from '../api/verify-website';
import { CopyBlock } from '../../../ui/copy-block';
import { Notice } from '../../../ui/notice';

/**
 * Owner verification (docs/product/websites.md#add-website, step 2 of the add-website wizard, and again on a pending
 * website's Ad Codes tab): the token, the two ways to place it (a meta tag in the home
 * page's <head>, or a file at the well-known path), and a Verify button that asks the
 * server to check the site.
 */
export function VerificationPanel({
  websiteId,
  onVerified,
  extraActions,
}: {
  websiteId: number;
  onVerified?: (verification: WebsiteVerification) => void;
  extraActions?: ReactNode;
}) {
  const verification = useWebsiteVerification(websiteId);
  const verify = useVerifyWebsite(websiteId);
  const [failure, setFailure] = useState<string | null>(null);

  if (verification.isPending)
    return (
      <Stack gap="sm" aria-busy="true" data-testid="verification-loading">
        <Skeleton h={20} w="60%" />
        <Skeleton h={80} />
        <Skeleton h={80} />
      </Stack>
    );
  if (verification.isError)
    return (
      <Notice color="red" icon={<IconAlertCircle size={18} />} role="alert" title="We could not load the verification">
        {errorReason(verification.error)}
      </Notice>
    );

  const data = verification.data;
  if (data.verified)
    return (
      <Notice color="teal" icon={<IconCircleCheck size={18} />} title="Ownership verified" data-testid="verified-note">
        {WEBSITE_MESSAGES.awaitingApproval}
      </Notice>
    );

  const runCheck = async () => {
    setFailure(null);
    try {
      const result = await verify.mutateAsync();
      if (result.verified) onVerified?.(result);
      else setFailure(WEBSITE_MESSAGES.verificationFailed);
    } catch (error) {
      // The server answers its own sentence; a refused check reads as the product's failure text.
      setFailure(isApiError(error) && error.reason ? error.reason : errorReason(error));
    }
  };

  return (
    <Stack gap="lg" data-testid="verification-panel">
      <Text size="sm">
        Prove that you own{' '}
        <Text span fw={700}>
          {data.domain}
        </Text>{' '}
        in one of the two ways below, then press Verify. We check your site right away.
      </Text>
      <CopyBlock label="Your verification token" value={data.token} testId="verification-token" />
      <Card withBorder radius="md" padding="md">
        <Group gap="xs" mb={4} wrap="nowrap">
          <IconTags size={18} aria-hidden />
          <Title order={3} size="h6">
            Method 1: add a meta tag
          </Title>
        </Group>
        <Text size="sm" c="dimmed" mb="sm">
          Paste this tag into the <code>&lt;head&gt;</code> section of your home page,{' '}
          <Anchor href={data.url} target="_blank" rel="noreferrer noopener" size="sm">
            {data.url}
          </Anchor>
          .
        </Text>
        <CopyBlock label="Meta tag" value={data.metaTag} testId="verification-meta" />
      </Card>
      <Card withBorder radius="md" padding="md">
        <Group gap="xs" mb={4} wrap="nowrap">
          <IconFileText size={18} aria-hidden />
          <Title order={3} size="h6">
            Method 2: upload a file
          </Title>
        </Group>
        <Text size="sm" c="dimmed" mb="sm">
          Create a plain-text file that answers at the address below and contains only the token.
        </Text>
        <Stack gap="sm">
          <CopyBlock label="File address" value={data.fileUrl} testId="verification-file-url" />
          <CopyBlock label="File content" value={data.fileContent} testId="verification-file-content" />
        </Stack>
      </Card>
      {failure ? (
        <Notice
          color="red"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          title="Verification failed"
          data-testid="verification-failure"
        >
          {failure}
        </Notice>
      ) : null}
      <Group justify="flex-end" gap="sm">
        {extraActions}
        <Button onClick={runCheck} loading={verify.isPending} data-testid="verify-button">
          Verify
        </Button>
      </Group>
    </Stack>
  );
}
