import { lazy, Suspense } from 'react';
import { useNotificationsNeeded } from '../lib/notify';

const Notifications = lazy(async () => {
  const module = await import('@mantine/notifications');
  await import('@mantine/notifications/styles.css');
  return { default: module.Notifications };
});

/** Mantine's notifications container, mounted the first time something notifies. */
export function NotificationsHost() {
  if (!useNotificationsNeeded()) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}
