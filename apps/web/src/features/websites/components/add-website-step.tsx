import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AddWebsiteFormSchema } from '@cryptads/contract/websites';
import { errorReason } from '../../../lib/api-client';
import { FormError } from '../../../ui/form-error';
import { registerTrimmed } from '../../../ui/trim-on-blur';
import { CategoryChecklist } from './category-checklist';

type FormInput = z.input<typeof AddWebsiteFormSchema>;
export type AddWebsiteValues = z.output<typeof AddWebsiteFormSchema>;

/**
 * Step 1 of the add-website wizard (docs/product/websites.md#add-website): the entire URL, and optionally the
 * ad categories to exclude (at least one once excluding is switched on).
 */
export function AddWebsiteStep({
  initialValues,
  onSubmit,
}: {
  initialValues: FormInput;
  /** Adds (or updates) the website; a thrown error is shown under the form. */
  onSubmit: (values: AddWebsiteValues) => Promise<void>;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, AddWebsiteValues>({
    resolver: zodResolver(AddWebsiteFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: initialValues,
  });
  const { errors, isSubmitting } = form.formState;
  const excluding = form.watch('excludeCategories');

  const submit = async (values: AddWebsiteValues) => {
    setServerError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setServerError(errorReason(error));
    }
  };

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate aria-label="Add your website" data-testid="add-website-form">
      <Stack gap="lg">
        <TextInput
          label="Website URL"
          description="The address of your home page, with http:// or https:// in front."
          placeholder="https://www.example.com"
          inputMode="url"
          autoComplete="url"
          error={errors.website?.message}
          data-testid="website-url"
          {...registerTrimmed(form, 'website')}
        />
        <Controller
          control={form.control}
          name="excludeCategories"
          render={({ field }) => (
            <Switch
              label="Exclude some ad categories from this website"
              description="Ads of the categories you pick never show on your website."
              checked={field.value}
              onChange={(e) => {
                field.onChange(e.currentTarget.checked);
                if (!e.currentTarget.checked) form.clearErrors('categories');
              }}
              data-testid="exclude-categories"
            />
          )}
        />
        {excluding ? (
          <Controller
            control={form.control}
            name="categories"
            render={({ field }) => (
              <CategoryChecklist
                label="Categories to exclude"
                value={field.value}
                onChange={field.onChange}
                error={errors.categories?.message}
              />
            )}
          />
        ) : null}
        <FormError message={serverError} />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} data-testid="add-website-next">
            Next
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
