import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';

const parse = (text: string, allowDecimal: boolean): number | null => {
  const clean = text.replace(/[,\s€]/g, '');
  if (clean === '') return null;
  const pattern = allowDecimal ? /^-?\d*\.?\d*$/ : /^-?\d+$/;
  if (!pattern.test(clean) || clean === '.' || clean === '-') return Number.NaN;
  return Number(clean);
};

/**
 * A number typed as text (Mantine's NumberInput brings a formatting library that would
 * push the campaign screens over their JavaScript budget, docs/architecture.md#budgets). Empty is null;
 * text that is not a number is NaN, which the contract schema refuses with its message.
 */
export function NumberField({
  value,
  onChange,
  allowDecimal = false,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & {
  value: number | null;
  onChange: (value: number | null) => void;
  allowDecimal?: boolean;
}) {
  const [text, setText] = useState(value == null || Number.isNaN(value) ? '' : String(value));
  // A value set from outside (clamping, coupling, a restored draft) replaces the text.
  useEffect(() => {
    setText((current) => {
      const shown = parse(current, allowDecimal);
      if (value == null) return shown == null || Number.isNaN(shown) ? current : '';
      if (Number.isNaN(value)) return current;
      return shown === value ? current : String(value);
    });
  }, [value, allowDecimal]);
  return (
    <TextInput
      inputMode={allowDecimal ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={text}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        onChange(parse(next, allowDecimal));
      }}
      {...props}
    />
  );
}
