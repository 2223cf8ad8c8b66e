import { Card } from '@mantine/core';
import { NotificationList } from '../components/notification-list';

/** /notifications/: the same list as the bell, on a page of its own. */
export function NotificationsPage() {
  return (
    <Card withBorder radius="lg" padding="lg" maw={760}>
      <NotificationList />
    </Card>
  );
}
