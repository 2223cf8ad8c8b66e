import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { UpdateWebsiteCategoriesInputSchema, WEBSITE_MESSAGES, type WebsiteDetail } from '@cryptads/contract/websites';
import { errorReason } from '../../../lib/api-client';
import { showError, showSuccess } from '../../../ui/status-store';
import { useUpdateWebsite } from '../api/update-website';
import { CategoryChecklist } from './category-checklist';

type FormInput = z.input<typeof UpdateWebsiteCategoriesInputSchema>;
type FormOutput = z.output<typeof UpdateWebsiteCategoriesInputSchema>;

/** The Preferences tab (docs/product/websites.md#preferences, #api): the ad categories excluded from the website. */
export function PreferencesTab({ website }: { website: WebsiteDetail }) {
  const update = useUpdateWebsite(website.id);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(UpdateWebsiteCategoriesInputSchema),
    defaultValues: { categories: website.excludedCategories },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const submit = async (values: FormOutput) => {
    try {
      const saved = await update.mutateAsync({ categories: values.categories });
      form.reset({ categories: saved.excludedCategories });
      showSuccess(WEBSITE_MESSAGES.websiteUpdated);
    } catch (error) {
      showError(errorReason(error));
    }
  };

  return (
    <form
      onSubmit={form.handleSubmit(submit)}
      noValidate
      aria-label="Website preferences"
      data-testid="preferences-form"
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            Excluded categories
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Ads of the checked categories never show on {website.domain}. Leave all unchecked to accept every category.
          </Text>
        </div>
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
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} disabled={!isDirty} data-testid="preferences-save">
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
