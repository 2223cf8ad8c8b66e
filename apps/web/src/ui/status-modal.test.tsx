import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { StatusModal } from './status-modal';
import { hideStatus, showStatus } from './status-store';

afterEach(() => act(() => hideStatus()));

describe('StatusModal', () => {
  it('is a dialog named by its title, so a screen reader says what happened', async () => {
    renderWithProviders(<StatusModal />);
    act(() => showStatus({ type: 'success', title: 'Saved', info: 'Your changes are kept.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved' });
    expect(dialog).toHaveTextContent('Your changes are kept.');
  });
});
