import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { webhookEndpoints as api } from '@cryptads/contract/endpoints/webhooks';
import { WEBHOOK_MESSAGES, type WebhookEndpoint } from '@cryptads/contract/webhooks';
import { WEBHOOK_VERIFY_EXAMPLE } from '@cryptads/contract/webhook-verify-example';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { WebhooksPage } from './webhooks-page';

configure({ asyncUtilTimeout: 5000 });

const endpoint: WebhookEndpoint = {
  id: 7,
  url: 'https://hooks.example/cryptads',
  events: ['deposit.completed', 'campaign.approved'],
  enabled: true,
  disabledReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastDelivery: { at: '2026-11-21T10:00:00.000Z', statusCode: 200, ok: true },
};

describe('Webhooks page', () => {
  it('says there are no endpoints yet, adds one, and shows its secret once', async () => {
    serve(answer(api.list, { endpoints: [], max: 10 }), answer(api.create, { endpoint, secret: 'whsec_abc123' }));
    renderWithProviders(<WebhooksPage />);
    expect(await screen.findByText(WEBHOOK_MESSAGES.emptyEndpoints)).toBeInTheDocument();
    // The example receivers copy, exactly as the docs and the API reference show it.
    expect(screen.getByTestId('webhook-verify-example').textContent).toBe(WEBHOOK_VERIFY_EXAMPLE);
    await userEvent.click(screen.getByTestId('webhook-add'));
    await userEvent.click(await screen.findByTestId('webhook-save'));
    // Nothing is sent while the form is wrong.
    expect(await screen.findByTestId('webhook-form-error')).toHaveTextContent(WEBHOOK_MESSAGES.urlInvalid);
    await userEvent.type(screen.getByTestId('webhook-url'), 'https://hooks.example/cryptads');
    await userEvent.click(screen.getByTestId('webhook-save'));
    expect(await screen.findByTestId('webhook-form-error')).toHaveTextContent(WEBHOOK_MESSAGES.eventsRequired);
    expect(sentTo(api.create)).toHaveLength(0);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Deposit completed' }));
    await userEvent.click(screen.getByTestId('webhook-save'));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_abc123');
    expect(screen.getByText(WEBHOOK_MESSAGES.secretOnce)).toBeInTheDocument();
    expect(sentTo(api.create)[0]?.body).toEqual({
      url: 'https://hooks.example/cryptads',
      events: ['deposit.completed'],
    });
  });

  it('lists an endpoint with its deliveries, sends a test and resends a delivery', async () => {
    serve(
      answer(api.list, { endpoints: [endpoint], max: 10 }),
      answer(api.deliveries, {
        attempts: [
          {
            id: 1,
            deliveryId: 31,
            eventId: 'evt_0123456789abcdef01234567',
            eventType: 'deposit.completed',
            at: '2026-11-21T10:00:00.000Z',
            attempt: 2,
            statusCode: 500,
            ok: false,
            error: null,
            durationMs: 42,
            responseBody: 'oops',
          },
        ],
      }),
      answer(api.test, { deliveryId: 32, eventId: 'evt_ping' }),
      answer(api.resend, { deliveryId: 33, eventId: 'evt_0123456789abcdef01234567' }),
    );
    renderWithProviders(<WebhooksPage />);
    const card = await screen.findByTestId('webhook-endpoint');
    expect(within(card).getByText('https://hooks.example/cryptads')).toBeInTheDocument();
    expect(within(card).getByText('Deposit completed')).toBeInTheDocument();
    expect(within(card).getByTestId('webhook-last-delivery')).toHaveTextContent('200');
    const deliveries = await screen.findByTestId('webhook-deliveries');
    expect(await within(deliveries).findByText('evt_0123456789abcdef01234567')).toBeInTheDocument();
    expect(within(deliveries).getByText('42 ms')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Send test' }));
    await waitFor(() => expect(sentTo(api.test)).toHaveLength(1));
    await userEvent.click(within(deliveries).getByRole('button', { name: /Resend/ }));
    await waitFor(() => expect(sentTo(api.resend)[0]?.url).toBe('/api/user/webhooks/7/deliveries/31/resend'));
  });

  it('shows the reason the server gives for a refused URL', async () => {
    serve(answer(api.list, { endpoints: [], max: 10 }), answer(api.create, failure(400, WEBHOOK_MESSAGES.urlPrivate)));
    renderWithProviders(<WebhooksPage />);
    await userEvent.click(await screen.findByTestId('webhook-add'));
    await userEvent.type(await screen.findByTestId('webhook-url'), 'https://10.0.0.1/x');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Balance low' }));
    await userEvent.click(screen.getByTestId('webhook-save'));
    expect(await screen.findByTestId('webhook-form-error')).toHaveTextContent(WEBHOOK_MESSAGES.urlPrivate);
  });
});
