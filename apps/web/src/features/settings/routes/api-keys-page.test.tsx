import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiKey, CreatedApiKey } from '@cryptads/contract/api-keys';
import { TwoFactorStatus } from '@cryptads/contract/auth';
import { apiKeyEndpoints } from '@cryptads/contract/endpoints/api-keys';
import { authEndpoints } from '@cryptads/contract/endpoints/auth';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { ApiKeysPage } from './api-keys-page';

configure({ asyncUtilTimeout: 5000 });

const KEY = 'cads_live_AbCd0123456789012345678901234567_a1B2c3';
const existing: ApiKey = {
  id: 1,
  name: 'Reporting script',
  prefix: 'cads_live_Wxyz',
  scopes: ['reports:read'],
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: '2027-01-30T10:00:00.000Z',
  lastUsedAt: '2026-11-20T08:30:00.000Z',
  lastUsedIp: '203.0.113.9',
};

let keys: ApiKey[] = [];
let twoFactor: 0 | 1 = TwoFactorStatus.Disabled;

beforeEach(() => {
  keys = [];
  twoFactor = TwoFactorStatus.Disabled;
  serve(
    answer(authEndpoints.twoFactorStatus, () => ({ status: twoFactor })),
    answer(apiKeyEndpoints.list, () => keys),
    answer(apiKeyEndpoints.create, (request) => {
      const input = request.body as { name: string; scopes: ApiKey['scopes'] };
      const created: CreatedApiKey = {
        ...existing,
        id: 2,
        name: input.name,
        scopes: input.scopes,
        prefix: KEY.slice(0, 14),
        lastUsedAt: null,
        lastUsedIp: null,
        key: KEY,
      };
      const { key: _key, ...listed } = created;
      keys = [listed, ...keys];
      return created;
    }),
    answer(apiKeyEndpoints.revoke, (request) => {
      keys = keys.filter((k) => String(k.id) !== request.params.id);
      return { ok: true as const };
    }),
  );
});

describe('ApiKeysPage', () => {
  it('shows the empty state, creates a key shown once with the warning, and lists it without the key', async () => {
    renderWithProviders(<ApiKeysPage />, { route: '/settings/api-keys/' });
    expect(await screen.findByTestId('table-empty')).toHaveTextContent('No API keys yet');
    await userEvent.type(screen.getByTestId('api-key-name'), 'CI reports');
    await userEvent.click(screen.getByLabelText(/reports:read/));
    await userEvent.click(screen.getByLabelText(/campaigns:read/));
    await userEvent.selectOptions(screen.getByTestId('api-key-expiry'), '365');
    await userEvent.click(screen.getByTestId('api-key-create'));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('api-key-secret')).toHaveTextContent(KEY);
    expect(dialog).toHaveTextContent('it will not be shown again');
    expect(within(dialog).getByTestId('api-key-copy')).toBeInTheDocument();
    expect(sentTo(apiKeyEndpoints.create)[0]?.body).toEqual({
      name: 'CI reports',
      scopes: ['reports:read', 'campaigns:read'],
      expiresInDays: 365,
    });
    await userEvent.click(within(dialog).getByTestId('api-key-done'));
    const rows = await screen.findAllByTestId('api-keys-row');
    expect(rows[0]).toHaveTextContent('CI reports');
    expect(screen.getByTestId('api-keys')).not.toHaveTextContent(KEY);
  });

  it('asks for the 2FA code when two-factor authentication is on and shows the server’s reason', async () => {
    twoFactor = TwoFactorStatus.Enabled;
    serve(answer(apiKeyEndpoints.create, () => failure(400, 'Your 2FA Code is invalid.')));
    renderWithProviders(<ApiKeysPage />, { route: '/settings/api-keys/' });
    const code = await screen.findByTestId('api-key-code');
    await userEvent.type(screen.getByTestId('api-key-name'), 'x');
    await userEvent.click(screen.getByLabelText(/websites:read/));
    await userEvent.click(screen.getByTestId('api-key-create'));
    expect(await screen.findByTestId('api-key-error')).toHaveTextContent('6-digit code');
    expect(sentTo(apiKeyEndpoints.create)).toHaveLength(0);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByTestId('api-key-create'));
    await waitFor(() => expect(screen.getByTestId('api-key-error')).toHaveTextContent('Your 2FA Code is invalid.'));
    expect(sentTo(apiKeyEndpoints.create)[0]?.body).toMatchObject({ twoFactorCode: '123456' });
  });

  it('lists last use and revokes a key after confirmation', async () => {
    keys = [existing];
    renderWithProviders(<ApiKeysPage />, { route: '/settings/api-keys/' });
    const row = (await screen.findAllByTestId('api-keys-row'))[0] as HTMLElement;
    expect(row).toHaveTextContent('cads_live_Wxyz');
    expect(row).toHaveTextContent('203.0.113.9');
    expect(row).toHaveTextContent('reports:read');
    await userEvent.click(within(row).getByTestId('api-key-revoke'));
    expect(sentTo(apiKeyEndpoints.revoke)).toHaveLength(0);
    await userEvent.click(
      within(await screen.findByTestId('confirm-modal')).getByRole('button', { name: 'Revoke Key' }),
    );
    await waitFor(() => expect(sentTo(apiKeyEndpoints.revoke)).toHaveLength(1));
    expect(await screen.findByTestId('table-empty')).toBeInTheDocument();
  });
});
