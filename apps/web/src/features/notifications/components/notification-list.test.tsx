import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { notificationEndpoints } from '@cryptads/contract/endpoints/notifications';
import { type Notification, NotificationType } from '@cryptads/contract/notifications';
import { saveSession } from '../../../lib/session';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { markViewedLocally } from '../api/mark-locally';
import { NotificationList } from './notification-list';

const n = (unique: number, over: Partial<Notification> = {}): Notification => ({
  unique,
  viewed: false,
  title: `Title ${unique}`,
  type: NotificationType.Success,
  message: `Message ${unique}`,
  link: null,
  date: '2026-11-20T10:00:00.000Z',
  ...over,
});

describe('markViewedLocally', () => {
  const list = {
    notifications: [
      n(1),
      n(2, { type: NotificationType.Pinned }),
      n(3, { viewed: true }),
      n(4, { type: NotificationType.Error }),
    ],
    unread: 3,
  };

  it('marks one unread notification and lowers the count by one', () => {
    const next = markViewedLocally(list, 1);
    expect(next.notifications.map((x) => x.viewed)).toEqual([true, false, true, false]);
    expect(next.unread).toBe(2);
  });

  it('leaves pinned notifications unread, even when asked for all', () => {
    const next = markViewedLocally(list, 'all');
    expect(next.notifications.find((x) => x.unique === 2)?.viewed).toBe(false);
    expect(next.unread).toBe(1);
  });

  it('changes nothing for a pinned or already viewed one', () => {
    expect(markViewedLocally(list, 2)).toEqual(list);
    expect(markViewedLocally(list, 3)).toEqual(list);
  });
});

describe('NotificationList', () => {
  let items: Notification[];

  beforeEach(() => {
    saveSession({ userType: 1 });
    items = [
      n(1, { title: 'Campaign approved', link: '/campaigns/all/' }),
      n(2, { title: 'Complete your billing details', type: NotificationType.Pinned }),
      n(3, { title: 'Old news', viewed: true }),
    ];
    serve(
      answer(notificationEndpoints.list, () => ({
        notifications: items,
        unread: items.filter((x) => !x.viewed).length,
      })),
      // Before /:id, which 'all' would match.
      answer(notificationEndpoints.markAllViewed, () => {
        const before = items.filter((x) => !x.viewed && x.type !== NotificationType.Pinned).length;
        items = items.map((x) => (x.type !== NotificationType.Pinned ? { ...x, viewed: true } : x));
        return { marked: before };
      }),
      answer(notificationEndpoints.markViewed, ({ params }) => {
        const id = Number(params.id);
        items = items.map((x) => (x.unique === id && x.type !== NotificationType.Pinned ? { ...x, viewed: true } : x));
        return items.find((x) => x.unique === id) ?? failure(404, 'not found');
      }),
    );
  });

  const posts = () =>
    sentTo()
      .filter((r) => r.method === 'POST')
      .map((r) => r.url);

  it('offers mark-as-read only for unread, non-pinned notifications', async () => {
    renderWithProviders(<NotificationList />);
    const rows = await screen.findAllByTestId('notification-item');
    expect(rows).toHaveLength(3);
    expect(screen.getByTestId('notifications-unread')).toHaveTextContent('2 unread');
    expect(within(rows[0] as HTMLElement).queryByTestId('notification-mark')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).queryByTestId('notification-mark')).not.toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).queryByTestId('notification-mark')).not.toBeInTheDocument();
  });

  it('marks one read and then follows its link', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route path="/" element={<NotificationList />} />
        <Route path="/campaigns/all/" element={<p>Campaigns screen</p>} />
      </Routes>,
    );
    await user.click(await screen.findByText('Campaign approved'));
    expect(await screen.findByText('Campaigns screen')).toBeInTheDocument();
    expect(posts()).toEqual(['/api/user/notifications/1']);
  });

  it('marks all read but keeps the pinned one unread', async () => {
    const user = userEvent.setup();
    renderWithProviders(<NotificationList />);
    await user.click(await screen.findByTestId('notifications-mark-all'));
    await waitFor(() => expect(screen.getByTestId('notifications-unread')).toHaveTextContent('1 unread'));
    expect(posts()).toEqual(['/api/user/notifications/all']);
    expect(screen.queryByTestId('notifications-mark-all')).not.toBeInTheDocument();
    const pinned = screen.getAllByTestId('notification-item').find((row) => row.dataset.pinned === 'true');
    expect(pinned?.dataset.unread).toBe('true');
  });

  it('says so when there is nothing yet', async () => {
    items = [];
    renderWithProviders(<NotificationList />);
    expect(await screen.findByTestId('notifications-empty')).toHaveTextContent('No notifications yet.');
  });
});
