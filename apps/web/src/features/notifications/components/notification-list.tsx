import {
  ActionIcon,
  Box,
  Button,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconBellOff, IconCheck, IconChecks, IconPin } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { canMarkViewed, NotificationType } from '@cryptads/contract/notification-types';
import type { Notification } from '@cryptads/contract/notifications';
import { UI_MESSAGES } from '@cryptads/contract/ui';
import { errorReason } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllViewed, useMarkViewed } from '../api/mark-viewed';

const LOOK: Record<Notification['type'], { color: string; icon: typeof IconPin; label: string }> = {
  [NotificationType.Pinned]: { color: 'brand', icon: IconPin, label: 'Pinned' },
  [NotificationType.Success]: { color: 'teal', icon: IconCheck, label: 'Success' },
  [NotificationType.Error]: { color: 'red', icon: IconAlertTriangle, label: 'Problem' },
};

function Item({
  n,
  onOpen,
  onMark,
}: {
  n: Notification;
  onOpen: (n: Notification) => void;
  onMark: (n: Notification) => void;
}) {
  const look = LOOK[n.type];
  const Icon = look.icon;
  const unread = !n.viewed;
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      p="xs"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: unread ? 'var(--mantine-color-default-hover)' : undefined,
      }}
      data-testid="notification-item"
      data-unread={unread}
      data-pinned={n.type === NotificationType.Pinned}
    >
      <ThemeIcon size={30} radius="xl" variant="light" color={look.color} aria-hidden style={{ flexShrink: 0 }}>
        <Icon size={16} />
      </ThemeIcon>
      <UnstyledButton onClick={() => onOpen(n)} style={{ flex: 1, minWidth: 0 }} data-testid="notification-open">
        <Text size="sm" fw={unread ? 700 : 500} lineClamp={2}>
          {unread ? <VisuallyHidden component="span">Unread: </VisuallyHidden> : null}
          {n.title}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={3}>
          {n.message}
        </Text>
        <Text size="xs" c="dimmed" mt={2} className="tabular">
          {look.label} · {formatDateTime(n.date)}
        </Text>
      </UnstyledButton>
      {canMarkViewed(n) ? (
        <Tooltip label="Mark as read" withinPortal={false}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="md"
            onClick={() => onMark(n)}
            aria-label={`Mark "${n.title}" as read`}
            data-testid="notification-mark"
          >
            <IconCheck size={16} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/**
 * The notifications of docs/product/account.md#notifications: unread non-pinned ones can be marked read one at a
 * time or all at once; opening one marks it read and then follows its link.
 */
export function NotificationList({ onNavigate, maxHeight }: { onNavigate?: () => void; maxHeight?: number }) {
  const list = useNotifications();
  const markOne = useMarkViewed();
  const markAll = useMarkAllViewed();
  const navigate = useNavigate();

  const open = async (n: Notification) => {
    if (canMarkViewed(n)) {
      // The link is followed whether or not the mark reached the server.
      await markOne.mutateAsync(n.unique).catch(() => undefined);
    }
    if (n.link) {
      onNavigate?.();
      if (n.link.startsWith('/')) void navigate(n.link);
      else window.location.assign(n.link);
    }
  };

  if (list.isPending)
    return (
      <Group justify="center" py="md">
        <Loader size="sm" role="status" aria-label="Loading notifications" />
      </Group>
    );
  if (list.isError)
    return (
      <Text size="sm" c="red.9" role="alert">
        {errorReason(list.error)}
      </Text>
    );

  const items = list.data.notifications;
  const markable = items.some(canMarkViewed);

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" data-testid="notifications-unread">
          {list.data.unread === 0 ? 'All caught up' : `${list.data.unread} unread`}
        </Text>
        {markable ? (
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconChecks size={14} />}
            onClick={() => markAll.mutate()}
            loading={markAll.isPending}
            data-testid="notifications-mark-all"
          >
            Mark all as read
          </Button>
        ) : null}
      </Group>
      {items.length === 0 ? (
        <Stack align="center" gap={6} py="md" ta="center" data-testid="notifications-empty">
          <ThemeIcon size={40} radius="xl" variant="light" color="gray" aria-hidden>
            <IconBellOff size={20} />
          </ThemeIcon>
          <Text size="sm" fw={600}>
            {UI_MESSAGES.noNotifications}
          </Text>
          <Text size="xs" c="dimmed">
            Approvals, payments and security alerts will appear here.
          </Text>
        </Stack>
      ) : (
        <ScrollArea.Autosize mah={maxHeight} type="auto" scrollbars="y" offsetScrollbars="y">
          <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Notifications">
            {items.map((n) => (
              <li key={n.unique}>
                <Item n={n} onOpen={(x) => void open(x)} onMark={(x) => markOne.mutate(x.unique)} />
              </li>
            ))}
          </Box>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
