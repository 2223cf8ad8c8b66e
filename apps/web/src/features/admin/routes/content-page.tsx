import { Button, Card, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { errorReason } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { Markdown } from '../../../ui/markdown';
import { Notice } from '../../../ui/notice';
import { useAdminAnnouncements, useCurrentTerms, usePublishAnnouncement, usePublishTerms } from '../api/content';
import { PageHeader } from '../components/page-header';
import { EmptyCard, ErrorNotice, LoadingCard } from '../components/states';

const TERMS_MIN = 20;

function TermsSection() {
  const current = useCurrentTerms();
  const publish = usePublishTerms();
  const [markdown, setMarkdown] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const tooShort = markdown.trim().length < TERMS_MIN;

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} size="h3" mb="xs">
        Platform terms
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        A new version asks every customer to accept it at their next visit. Start with a "# Title" line.
      </Text>
      {current.isPending ? (
        <LoadingCard label="Loading the current terms" rows={2} />
      ) : current.isError ? (
        <ErrorNotice
          title="We could not load the current terms"
          error={current.error}
          onRetry={() => void current.refetch()}
        />
      ) : current.data ? (
        <Group justify="space-between" mb="md" gap="xs" data-testid="terms-current">
          <Text size="sm">
            Current: <strong>version {current.data.version}</strong>, “{current.data.title}”, published{' '}
            {formatDate(current.data.publishedAt)}
          </Text>
          <Button
            size="xs"
            variant="default"
            onClick={() => setMarkdown(`# ${current.data?.title}\n\n${current.data?.body}`)}
          >
            Start from the current version
          </Button>
        </Group>
      ) : (
        <Text size="sm" mb="md" data-testid="terms-current">
          No terms published yet.
        </Text>
      )}
      {done ? (
        <Notice
          color="green"
          title="Published"
          mb="md"
          data-testid="terms-done"
          withCloseButton
          onClose={() => setDone(null)}
        >
          {done}
        </Notice>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Textarea
          label="Markdown"
          description="## headings, paragraphs, 1. and - lists, **bold**, [links](https://…)"
          value={markdown}
          onChange={(e) => setMarkdown(e.currentTarget.value)}
          autosize
          minRows={12}
          maxRows={30}
          data-testid="terms-markdown"
        />
        <section aria-label="Preview">
          <Text size="sm" fw={500} mb={4}>
            Preview
          </Text>
          <Card withBorder radius="md" padding="md" mih={200} data-testid="terms-preview">
            {markdown.trim() ? (
              <Markdown source={markdown} headingOffset={3} />
            ) : (
              <Text c="dimmed" size="sm">
                The preview appears as you type.
              </Text>
            )}
          </Card>
        </section>
      </SimpleGrid>
      {publish.isError ? (
        <Notice color="red" role="alert" title="The server refused" mt="md" data-testid="terms-error">
          {errorReason(publish.error)}
        </Notice>
      ) : null}
      <Group justify="flex-end" mt="md">
        <Button disabled={tooShort} onClick={() => setConfirming(true)} data-testid="terms-publish">
          Publish new version
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title="Publish these terms?"
        message="Every customer will have to accept them before going on."
        confirmLabel="Publish"
        loading={publish.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          publish.mutate(markdown, {
            onSuccess: (result) => {
              setDone('output' in result ? result.output : 'The terms are published.');
              setMarkdown('');
            },
            onSettled: () => setConfirming(false),
          })
        }
      />
    </Card>
  );
}

function AnnouncementsSection() {
  const list = useAdminAnnouncements();
  const publish = usePublishAnnouncement();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [confirming, setConfirming] = useState(false);

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} size="h3" mb="xs">
        Announcements
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Shown on every customer's dashboard. Separate paragraphs with a blank line; the first is the excerpt.
      </Text>
      <Stack gap="sm">
        <TextInput
          label="Title"
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          maxLength={200}
          required
          data-testid="announcement-title"
        />
        <Textarea
          label="Text"
          value={content}
          onChange={(e) => setContent(e.currentTarget.value)}
          autosize
          minRows={4}
          required
          data-testid="announcement-content"
        />
        {publish.isError ? (
          <Notice color="red" role="alert" title="The server refused" data-testid="announcement-error">
            {errorReason(publish.error)}
          </Notice>
        ) : null}
        <Group justify="flex-end">
          <Button
            disabled={!title.trim() || !content.trim()}
            onClick={() => setConfirming(true)}
            data-testid="announcement-publish"
          >
            Publish announcement
          </Button>
        </Group>
      </Stack>
      <Title order={3} size="h4" mt="lg" mb="sm">
        Published
      </Title>
      {list.isPending ? (
        <LoadingCard label="Loading announcements" rows={2} />
      ) : list.isError ? (
        <ErrorNotice
          title="We could not load the announcements"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.length === 0 ? (
        <EmptyCard>No announcements yet.</EmptyCard>
      ) : (
        <Stack gap="sm" data-testid="announcement-list">
          {list.data.map((a) => (
            <Card key={a.id} withBorder radius="md" padding="md">
              <Text fw={600}>{a.title}</Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(a.date)}
              </Text>
              <Text size="sm" mt={4}>
                {a.excerpt}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
      <ConfirmModal
        opened={confirming}
        title="Publish this announcement?"
        message="Every customer sees it on their dashboard."
        confirmLabel="Publish"
        loading={publish.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          publish.mutate(
            { title: title.trim(), content: content.trim() },
            {
              onSuccess: () => {
                setTitle('');
                setContent('');
              },
              onSettled: () => setConfirming(false),
            },
          )
        }
      />
    </Card>
  );
}

/** /admin/content/: the platform terms and the dashboard announcements. */
export function ContentPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Content">What every customer reads: the terms and the announcements.</PageHeader>
      <TermsSection />
      <AnnouncementsSection />
    </Stack>
  );
}
