import { screen } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { notify } from './notify';

describe('notify', () => {
  it('shows the message with a close button a screen reader can name', async () => {
    renderWithProviders(<p>page</p>);
    await act(() => notify({ message: 'Endpoint saved.', color: 'green' }));
    expect(await screen.findByText('Endpoint saved.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Close' })).toBeVisible();
  });
});
