import { Alert, Anchor, Container, Divider, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { TERMS_MESSAGES } from '@cryptads/contract/terms-messages';
import { errorReason, isApiError } from '../../../lib/api-client';
import { useCurrentTerms } from '../../../lib/api/get-current-terms';
import { useViewerDate } from '../../../lib/hydration';
import { useSession } from '../../../lib/session';
import { Markdown } from '../../../ui/markdown';
import { usePrivacyPolicy } from '../api/get-privacy-policy';

type Doc = { title: string; body: string; meta: string };

/** A legal document as the server publishes it; public, reachable from every footer. */
function LegalDocumentView({
  fallbackTitle,
  query,
  emptyText,
}: {
  fallbackTitle: string;
  query: { data: Doc | undefined; isPending: boolean; error: unknown };
  emptyText?: string;
}) {
  const loggedIn = useSession() !== null;
  const doc = query.data;
  const notPublished = isApiError(query.error) && query.error.status === 404 && emptyText;
  return (
    <Container component="main" id="main" size="md" py="xl">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} size="h2" data-testid="legal-title">
            {doc?.title ?? fallbackTitle}
          </Title>
          {doc ? (
            <>
              <Text size="sm" c="dimmed" data-testid="legal-meta">
                {doc.meta}
              </Text>
              <Divider />
              <div data-testid="legal-body">
                <Markdown source={doc.body} />
              </div>
            </>
          ) : query.isPending ? (
            <Stack gap="xs" aria-busy="true">
              <Skeleton h={14} />
              <Skeleton h={14} />
              <Skeleton h={14} w="70%" />
            </Stack>
          ) : notPublished ? (
            <Text>{emptyText}</Text>
          ) : (
            <Alert
              color="red.9"
              icon={<IconAlertCircle size={18} />}
              title="We could not load this document"
              role="alert"
            >
              {errorReason(query.error)}
            </Alert>
          )}
          <Divider />
          <Anchor component={Link} to={paths.home}>
            {loggedIn ? 'Back to the dashboard' : 'Back to the homepage'}
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}

/** /terms/: the current platform terms (the version users accept on the dashboard). */
export function TermsPage() {
  const terms = useCurrentTerms();
  const formatDate = useViewerDate();
  const doc = terms.data && {
    title: terms.data.title,
    body: terms.data.body,
    meta: `Version ${terms.data.version}, published ${formatDate(terms.data.publishedAt)}`,
  };
  return (
    <LegalDocumentView
      fallbackTitle="Terms and Conditions"
      query={{ data: doc, isPending: terms.isPending, error: terms.error }}
      emptyText={TERMS_MESSAGES.noTerms}
    />
  );
}

/** /privacy-policy/. */
export function PrivacyPage() {
  const privacy = usePrivacyPolicy();
  const formatDate = useViewerDate();
  const doc = privacy.data && {
    title: privacy.data.title,
    body: privacy.data.body,
    meta: `Last updated ${formatDate(privacy.data.updatedAt)}`,
  };
  return (
    <LegalDocumentView
      fallbackTitle="Privacy Policy"
      query={{ data: doc, isPending: privacy.isPending, error: privacy.error }}
    />
  );
}
