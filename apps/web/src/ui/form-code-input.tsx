import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { CodeInput } from './code-input';

/** The six-box CodeInput as a react-hook-form field (2FA codes in settings forms). */
export function FormCodeInput<T extends FieldValues>({
  control,
  name,
  label,
  'data-testid': testId,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  'data-testid'?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <CodeInput
          label={label}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          error={fieldState.error?.message}
          data-testid={testId}
        />
      )}
    />
  );
}
