import { ActionIcon, Anchor, Group, Indicator, Popover, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { useNotifications } from '../api/get-notifications';
import { NotificationList } from './notification-list';

/** The header's bell (docs/product/account.md#shell): unread count on a badge, the list in a popover. */
export function NotificationsBell() {
  const [opened, setOpened] = useState(false);
  const unread = useNotifications().data?.unread ?? 0;
  const close = () => setOpened(false);
  return (
    <Popover opened={opened} onChange={setOpened} width={360} position="bottom-end" shadow="md" withArrow trapFocus>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={() => setOpened((o) => !o)}
          aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
          aria-expanded={opened}
          data-testid="notifications-bell"
          // The unread count sits over the icon's corner: the button's own clipping cut its top off.
          style={{ overflow: 'visible' }}
        >
          <Indicator
            disabled={unread === 0}
            label={unread > 99 ? '99+' : unread}
            size={16}
            offset={2}
            color="red.9"
            data-testid="notifications-badge"
          >
            <IconBell size={20} />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown maw="calc(100vw - 16px)" data-testid="notifications-popover">
        <Group justify="space-between" mb={6}>
          <Text fw={700}>Notifications</Text>
          <Anchor component={Link} to={paths.notifications} size="xs" onClick={close}>
            View all
          </Anchor>
        </Group>
        <NotificationList onNavigate={close} maxHeight={380} />
      </Popover.Dropdown>
    </Popover>
  );
}
