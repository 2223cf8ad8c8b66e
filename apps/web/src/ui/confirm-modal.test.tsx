import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UI_MESSAGES } from '@cryptads/contract/ui';
import { renderWithProviders } from '../testing/render';
import { ConfirmModal } from './confirm-modal';

describe('ConfirmModal', () => {
  it('is a dialog named by its question, so a screen reader says what it asks', async () => {
    renderWithProviders(
      <ConfirmModal
        opened
        message="The session ends."
        confirmLabel="Close it"
        onConfirm={() => {}}
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: UI_MESSAGES.confirmDestructive });
    expect(dialog).toHaveTextContent('The session ends.');
  });
});
