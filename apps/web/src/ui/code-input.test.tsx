import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { CodeInput } from './code-input';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <CodeInput label="Code" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`);

describe('CodeInput', () => {
  it('shows six boxes labelled for screen readers', () => {
    renderWithProviders(<Harness />);
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(box(1)).toBeInTheDocument();
    expect(box(6)).toBeInTheDocument();
  });

  it('accepts digits only and moves to the next box after each one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(box(1));
    await user.keyboard('a1b2');
    expect(screen.getByTestId('value')).toHaveTextContent('12');
    expect(box(1)).toHaveValue('1');
    expect(box(2)).toHaveValue('2');
    expect(box(3)).toHaveFocus();
  });

  it('fills several boxes from a paste, ignoring what is not a digit', () => {
    renderWithProviders(<Harness />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => '12-34 56' } });
    expect(screen.getByTestId('value')).toHaveTextContent('123456');
    expect(box(6)).toHaveValue('6');
  });

  it('pastes from the box it lands in', () => {
    renderWithProviders(<Harness initial="9" />);
    fireEvent.paste(box(2), { clipboardData: { getData: () => '876' } });
    expect(screen.getByTestId('value')).toHaveTextContent('9876');
    expect(box(5)).toHaveFocus();
  });

  it('moves back and clears the previous box on backspace in an empty box', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="123" />);
    await user.click(box(4));
    await user.keyboard('{Backspace}');
    expect(box(3)).toHaveFocus();
    expect(box(3)).toHaveValue('');
    expect(screen.getByTestId('value')).toHaveTextContent('12');
  });

  it('clears a filled box on backspace without moving', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="123" />);
    await user.click(box(2));
    await user.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
    expect(box(2)).toHaveValue('');
    expect(box(3)).toHaveValue('3');
  });
});
