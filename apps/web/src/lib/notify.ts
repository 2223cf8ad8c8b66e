import { useSyncExternalStore } from 'react';

/**
 * Toasts through Mantine's notifications, loaded on first use: the container and its
 * transitions stay out of the first download of /login/ (docs/architecture.md#budgets). The providers mount
 * the container (NotificationsHost) once `useNotificationsNeeded()` turns true.
 */
export type NotifyOptions = { title?: string; message: string; color?: string };

let needed = false;
const listeners = new Set<() => void>();

export async function notify(options: NotifyOptions) {
  if (!needed) {
    needed = true;
    for (const listener of listeners) listener();
  }
  const { notifications } = await import('@mantine/notifications');
  notifications.show(options);
}

export const useNotificationsNeeded = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    () => needed,
    () => needed,
  );
