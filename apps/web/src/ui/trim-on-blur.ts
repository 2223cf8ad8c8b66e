import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

/** register() with the product's habit of trimming text inputs on blur (docs/product/account.md#validation). */
export function registerTrimmed<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>) {
  return form.register(name, {
    onBlur: (event: { target: { value: unknown } }) => {
      const value = event.target.value;
      if (typeof value === 'string' && value !== value.trim())
        form.setValue(name, value.trim() as PathValue<T, Path<T>>, { shouldValidate: form.formState.isSubmitted });
    },
  });
}
