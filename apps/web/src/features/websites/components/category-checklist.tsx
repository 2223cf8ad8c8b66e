import { Checkbox, SimpleGrid, Skeleton } from '@mantine/core';
import { errorReason } from '../../../lib/api-client';
import { useWebsiteOptions } from '../api/get-website-options';
import { Notice } from '../../../ui/notice';

/**
 * The ad categories of GET /websites/options as checkboxes; checked ones are excluded from
 * the website. Values are category ids.
 */
export function CategoryChecklist({
  label,
  description,
  value,
  onChange,
  error,
}: {
  label: string;
  description?: string;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  const options = useWebsiteOptions();
  if (options.isPending)
    return (
      <SimpleGrid cols={{ base: 1, xs: 2 }} aria-busy="true" data-testid="categories-loading">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} h={22} />
        ))}
      </SimpleGrid>
    );
  if (options.isError)
    return (
      <Notice color="red" role="alert" title="We could not load the categories">
        {errorReason(options.error)}
      </Notice>
    );
  return (
    <Checkbox.Group
      label={label}
      description={description}
      value={value.map(String)}
      onChange={(next) => onChange(next.map(Number))}
      error={error}
      data-testid="category-checklist"
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt="xs">
        {options.data.categories.map((category) => (
          <Checkbox key={category.id} value={String(category.id)} label={category.name} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
