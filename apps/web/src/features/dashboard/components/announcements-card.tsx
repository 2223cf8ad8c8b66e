import { Anchor, Card, Modal, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { Announcement } from '@cryptads/contract/announcements';
import { formatDate } from '../../../lib/format';
import { useAnnouncements } from '../api/get-announcements';

/** Announcements (docs/product/account.md#dashboard): title, date and excerpt; the full text in a modal. */
export function AnnouncementsCard() {
  const announcements = useAnnouncements();
  const [open, setOpen] = useState<Announcement | null>(null);
  const items = announcements.data ?? [];

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="announcements-card">
      <Title order={2} size="h4" mb="sm">
        Announcements
      </Title>
      {announcements.isPending ? (
        <Stack gap="sm">
          <Skeleton h={48} />
          <Skeleton h={48} />
        </Stack>
      ) : announcements.isError ? (
        <Text size="sm" c="dimmed">
          Announcements could not be loaded right now.
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No announcements right now. News about the network will appear here.
        </Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((a, i) => (
            <li key={a.id} style={{ borderTop: i ? '1px solid var(--mantine-color-default-border)' : undefined }}>
              <UnstyledButton onClick={() => setOpen(a)} py="sm" w="100%" data-testid="announcement-item">
                <Text size="xs" c="dimmed" className="tabular">
                  {formatDate(a.date)}
                </Text>
                <Text fw={600}>{a.title}</Text>
                <Text size="sm" c="dimmed">
                  {a.excerpt}{' '}
                  <Anchor component="span" size="sm" inherit>
                    Read more
                  </Anchor>
                </Text>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open?.title}
        centered
        size="lg"
        data-testid="announcement-modal"
      >
        {open ? (
          <Stack gap="sm">
            <Text size="xs" c="dimmed">
              {formatDate(open.date)}
            </Text>
            {open.content.split(/\n\s*\n/).map((paragraph) => (
              <Text key={paragraph.slice(0, 48)} size="sm">
                {paragraph}
              </Text>
            ))}
          </Stack>
        ) : null}
      </Modal>
    </Card>
  );
}
