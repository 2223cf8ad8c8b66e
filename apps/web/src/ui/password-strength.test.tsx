import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { PasswordStrength } from './password-strength';

const met = (criterion: string) =>
  document.querySelector(`[data-criterion="${criterion}"]`)?.getAttribute('data-met') === 'true';

describe('PasswordStrength', () => {
  it('reports each criterion on its own', () => {
    renderWithProviders(<PasswordStrength password="abc1" />);
    expect(met('hasLowercaseCharacter')).toBe(true);
    expect(met('hasDigit')).toBe(true);
    expect(met('hasUppercaseCharacter')).toBe(false);
    expect(met('hasSpecialCharacter')).toBe(false);
    expect(met('hasMinimumLength')).toBe(false);
  });

  it('marks every criterion met for a strong password', () => {
    renderWithProviders(<PasswordStrength password="Str0ng#Pass" />);
    for (const item of screen.getAllByRole('listitem')) expect(item).toHaveAttribute('data-met', 'true');
    expect(screen.queryByText(/\(not met\)/)).not.toBeInTheDocument();
  });

  it('tells screen readers which criteria are missing', () => {
    renderWithProviders(<PasswordStrength password="" />);
    expect(screen.getAllByText(/\(not met\)/)).toHaveLength(5);
  });
});
