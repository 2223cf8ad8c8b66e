import { Group, Input } from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, useId, useRef } from 'react';
import { CODE_LENGTH } from '@cryptads/contract/limits';
import classes from './code-input.module.css';

export type CodeInputProps = {
  /** Digits typed so far; an empty box is a space ('12 4' has box 3 empty). */
  value: string;
  onChange: (value: string) => void;
  /** Called once every box holds a digit. */
  onComplete?: (code: string) => void;
  /** The group's accessible name, also shown above the boxes. */
  label: string;
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
  length?: number;
  'data-testid'?: string;
};

const toBoxes = (value: string, length: number) =>
  Array.from({ length }, (_, i) => {
    const char = value[i] ?? '';
    return /\d/.test(char) ? char : '';
  });

const fromBoxes = (boxes: string[]) =>
  boxes
    .map((d) => d || ' ')
    .join('')
    .trimEnd();

/**
 * Six single-digit boxes (docs/product/account.md#two-factor-login): digits only, typing moves to the next box,
 * pasting fills several, backspace on an empty box moves to the previous one.
 */
export function CodeInput({
  value,
  onChange,
  onComplete,
  label,
  error,
  disabled,
  autoFocus,
  length = CODE_LENGTH,
  'data-testid': testId,
}: CodeInputProps) {
  const id = useId();
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const boxes = toBoxes(value, length);
  const errorId = `${id}-error`;

  const focusBox = (index: number) => {
    const target = refs.current[Math.max(0, Math.min(length - 1, index))];
    target?.focus();
    target?.select();
  };

  const update = (next: string[]) => {
    onChange(fromBoxes(next));
    if (next.every((d) => d !== '')) onComplete?.(next.join(''));
  };

  /** Writes `digits` from box `start` on and moves to the box after the last one written. */
  const fill = (start: number, digits: string) => {
    const next = [...boxes];
    let index = start;
    for (const digit of digits) {
      if (index >= length) break;
      next[index] = digit;
      index += 1;
    }
    update(next);
    focusBox(index);
  };

  const handleInput = (index: number, raw: string) => {
    const digits = raw.replace(/\D/g, '');
    if (!digits) return;
    // A box that already held a digit receives old + new: keep the new one.
    const typed = raw.length > 1 && boxes[index] && digits.length === 2 ? digits.slice(-1) : digits;
    fill(index, typed);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      const next = [...boxes];
      if (next[index]) {
        next[index] = '';
        update(next);
      } else if (index > 0) {
        next[index - 1] = '';
        update(next);
        focusBox(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    if (digits) fill(index, digits);
  };

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ id: `${id}-label`, htmlFor: `${id}-0` }}
      error={error}
      errorProps={{ id: errorId }}
    >
      <Group gap="xs" wrap="nowrap" role="group" aria-labelledby={`${id}-label`} data-testid={testId} mt={4}>
        {boxes.map((digit, index) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, they never reorder.
            key={index}
            id={`${id}-${index}`}
            ref={(el) => {
              refs.current[index] = el;
            }}
            className={classes.box}
            data-invalid={error ? true : undefined}
            value={digit}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${index + 1} of ${length}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            disabled={disabled}
            // biome-ignore lint/a11y/noAutofocus: the code screen exists to type this code.
            autoFocus={autoFocus && index === 0}
            onChange={(event) => handleInput(index, event.currentTarget.value)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onPaste={(event) => handlePaste(index, event)}
            onFocus={(event) => event.currentTarget.select()}
          />
        ))}
      </Group>
    </Input.Wrapper>
  );
}
