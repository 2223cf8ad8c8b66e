import { TextInput } from '@mantine/core';

/**
 * The amount to deposit, typed as text (Mantine's NumberInput brings a formatting library
 * the deposit screen does not need). The parent parses it (methods.ts parseAmount) and
 * shows the contract's message when a rule is broken.
 */
export function AmountField({
  value,
  onChange,
  onBlur,
  error,
  description,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | null;
  description: string;
}) {
  return (
    <TextInput
      label="Amount (EUR)"
      description={description}
      leftSection={<span aria-hidden>€</span>}
      inputMode="decimal"
      autoComplete="off"
      placeholder="100.00"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={onBlur}
      error={error}
      maw={320}
      data-testid="deposit-amount"
    />
  );
}
