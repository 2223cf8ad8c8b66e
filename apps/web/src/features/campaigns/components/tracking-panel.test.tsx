import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Tracking } from '@cryptads/contract/conversions';
import { conversionEndpoints } from '@cryptads/contract/endpoints/conversions';
import { saveSession } from '../../../lib/session';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { TrackingPanel } from './tracking-panel';

configure({ asyncUtilTimeout: 5000 });

let tracking: Tracking;

beforeEach(() => {
  saveSession({ userType: 1 });
  tracking = {
    campaignId: 9,
    postbackUrl: 'http://ads.test/postback?click_id={click_id}&goal={goal}&value={value}&currency=EUR&token=tok1',
    pixelTag: '<img src="http://ads.test/pixel.gif?click_id={click_id}&goal={goal}" width="1" height="1" alt="">',
    token: 'tok1',
    attributionDays: 30,
    goals: [],
    refusals: [{ reason: 'noClick', label: 'No such click', count: 3 }],
    conversions: 0,
    testConversions: 0,
  };
  serve(
    answer(conversionEndpoints.tracking, ({ params }) => (params.id === '9' ? tracking : failure(404, 'Not found'))),
    answer(conversionEndpoints.addGoal, ({ body }) => {
      const b = body as { name: string; defaultValue: number };
      tracking = { ...tracking, goals: [...tracking.goals, { id: 1, name: b.name, defaultValue: b.defaultValue }] };
      return tracking;
    }),
    answer(conversionEndpoints.updateGoal, ({ params, body }) => {
      const b = body as { name: string; defaultValue: number };
      if (tracking.goals.some((g) => g.name === b.name && String(g.id) !== params.goalId))
        return failure(409, 'This campaign already has a goal of that name.');
      tracking = {
        ...tracking,
        goals: tracking.goals.map((g) => (String(g.id) === params.goalId ? { ...g, ...b } : g)),
      };
      return tracking;
    }),
    answer(conversionEndpoints.deleteGoal, ({ params }) => {
      tracking = { ...tracking, goals: tracking.goals.filter((g) => String(g.id) !== params.goalId) };
      return tracking;
    }),
    answer(conversionEndpoints.testConversion, ({ body }) => ({
      request: 'http://ads.test/postback?click_id=abc&goal=signup&currency=EUR&token=tok1…',
      httpStatus: 200,
      answer: {
        status: 'accepted' as const,
        conversion: { clickId: 'abc', goal: (body as { goal: string }).goal, value: 2.5, campaignId: 9, test: true },
      },
    })),
  );
});

describe('tracking panel', { timeout: 30_000 }, () => {
  it('shows the postback URL, pixel and refusals, adds a goal and sends a test conversion', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TrackingPanel campaignId={9} />);
    expect(await screen.findByTestId('postback-url')).toHaveTextContent(tracking.postbackUrl);
    expect(screen.getByTestId('pixel-tag')).toHaveTextContent(tracking.pixelTag);
    expect(within(screen.getByTestId('refusal-noClick')).getByText('3')).toBeInTheDocument();
    expect(screen.getByTestId('send-test')).toBeDisabled();

    await user.type(screen.getByTestId('goal-name'), 'signup');
    await user.clear(screen.getByTestId('goal-value'));
    await user.type(screen.getByTestId('goal-value'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Add goal' }));
    await waitFor(() => expect(screen.getAllByTestId('goal-row')).toHaveLength(1));
    expect(sentTo(conversionEndpoints.addGoal).map((r) => r.body)).toEqual([{ name: 'signup', defaultValue: 2.5 }]);

    await user.click(screen.getByTestId('send-test'));
    const result = await screen.findByTestId('test-result');
    expect(result).toHaveTextContent('The server received the test conversion');
    expect(result).toHaveTextContent('"test": true');
    expect(sentTo(conversionEndpoints.testConversion).map((r) => r.body)).toEqual([{ goal: 'signup' }]);
  });

  it('copies the postback URL and the pixel tag with their own Copy buttons', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TrackingPanel campaignId={9} />);
    await user.click(await screen.findByRole('button', { name: 'Copy postback url' }));
    // user-event puts its own clipboard in place of the browser's.
    expect(await navigator.clipboard.readText()).toBe(tracking.postbackUrl);
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy pixel tag' }));
    expect(await navigator.clipboard.readText()).toBe(tracking.pixelTag);
  });

  it('edits a goal’s name and default value, keeps the form open on a refusal, and deletes a goal', async () => {
    tracking = {
      ...tracking,
      goals: [
        { id: 1, name: 'deposit', defaultValue: 25 },
        { id: 2, name: 'signup', defaultValue: 2 },
      ],
    };
    const user = userEvent.setup();
    renderWithProviders(<TrackingPanel campaignId={9} />);
    await waitFor(() => expect(screen.getAllByTestId('goal-row')).toHaveLength(2));

    // A name another goal has: the server's reason shows and the dialog stays open.
    await user.click(screen.getByRole('button', { name: 'Edit goal signup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit goal signup' });
    expect(within(dialog).getByTestId('edit-goal-name')).toHaveValue('signup');
    await user.clear(within(dialog).getByTestId('edit-goal-name'));
    await user.type(within(dialog).getByTestId('edit-goal-name'), 'deposit');
    await user.click(within(dialog).getByRole('button', { name: 'Save goal' }));
    expect(await screen.findByText('This campaign already has a goal of that name.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit goal signup' })).toBeInTheDocument();

    await user.clear(within(dialog).getByTestId('edit-goal-name'));
    await user.type(within(dialog).getByTestId('edit-goal-name'), 'registration');
    await user.clear(within(dialog).getByTestId('edit-goal-value'));
    await user.type(within(dialog).getByTestId('edit-goal-value'), '3.75');
    await user.click(within(dialog).getByRole('button', { name: 'Save goal' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit goal signup' })).not.toBeInTheDocument());
    expect(await screen.findByText('Goal saved.')).toBeInTheDocument();
    expect(sentTo(conversionEndpoints.updateGoal).map((r) => [r.params.goalId, r.body])).toEqual([
      ['2', { name: 'deposit', defaultValue: 2 }],
      ['2', { name: 'registration', defaultValue: 3.75 }],
    ]);
    const rows = screen.getAllByTestId('goal-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^deposit€25\.00/),
      expect.stringMatching(/^registration€3\.75/),
    ]);
    // The test conversion offers the new name.
    expect(screen.queryByText('signup')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete goal deposit' }));
    await waitFor(() => expect(screen.getAllByTestId('goal-row')).toHaveLength(1));
    expect(screen.getByTestId('goal-row')).toHaveTextContent('registration');
    expect(sentTo(conversionEndpoints.deleteGoal).map((r) => r.params.goalId)).toEqual(['1']);
  });
});
