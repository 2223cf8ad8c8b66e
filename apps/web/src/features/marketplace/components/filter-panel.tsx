import {
  Box,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Radio,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type FormEvent, useEffect, useState } from 'react';
import {
  LISTING_CATEGORIES,
  LISTING_CATEGORY_IDS,
  LISTING_LANGUAGES,
  type ListingLanguage,
} from '@cryptads/contract/marketplace-messages';
import { formatNumber } from '../../../lib/format';
import { useAvailableCount } from '../api/count-available';
import { useListingStats } from '../api/get-listing-stats';
import { usePreferredWebsites } from '../api/get-preferred-websites';
import {
  EMPTY_FILTER,
  type FilterState,
  filterInput,
  parsePrice,
  YES_NO_FILTERS,
  type YesNo,
} from '../lib/search-state';

const withCount = (label: string, count: number | undefined) =>
  count === undefined ? label : `${label} (${formatNumber(count)})`;

function PriceInput({
  label,
  value,
  placeholder,
  onChange,
  testId,
}: {
  label: string;
  value: number | undefined;
  placeholder: string | undefined;
  onChange: (value: number | undefined) => void;
  testId: string;
}) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  // The draft changed from outside (Reset, a chip removed): show its value.
  useEffect(() => {
    setText((current) => (parsePrice(current) === value ? current : value === undefined ? '' : String(value)));
  }, [value]);
  const invalid = text.trim() !== '' && parsePrice(text) === undefined;
  return (
    <TextInput
      label={label}
      labelProps={{ fw: 400 }}
      inputMode="decimal"
      placeholder={placeholder}
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        onChange(parsePrice(next));
      }}
      error={invalid ? 'Enter an amount in euros, like 250 or 99.50.' : undefined}
      data-testid={testId}
    />
  );
}

/**
 * The filter panel of docs/product/marketplace.md#search-and-filters: categories and languages with their counts
 * (GET listingStats), websites (GET filterPreferredWebsites), a price range, and the three
 * yes/no filters. It edits a draft; the button shows how many listings the draft finds
 * (POST listings/available) and applies it. The home page applies by opening the results;
 * the results page by changing its URL.
 */
export function FilterPanel({ value, onApply }: { value: FilterState; onApply: (filter: FilterState) => void }) {
  const stats = useListingStats();
  const websites = usePreferredWebsites();
  const [draft, setDraft] = useState<FilterState>(value);
  const valueKey = JSON.stringify(value);
  // A new applied filter (a chip removed, Back in the browser) resets the draft to it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the filter's content, not its identity.
  useEffect(() => setDraft(value), [valueKey]);
  const [debounced] = useDebouncedValue(draft, 300);
  const available = useAvailableCount(filterInput(debounced));

  const set = (patch: Partial<FilterState>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };

  const byCategory = stats.data?.totalByCategory;
  const byLanguage = stats.data?.totalByLanguage;
  // Languages no listing uses would only lengthen the list; a chosen one always shows.
  const languages = LISTING_LANGUAGES.filter(
    (l) => !byLanguage || (byLanguage[l] ?? 0) > 0 || draft.language.includes(l),
  );
  const range = stats.data?.minimumAndMaximum;
  const count = available.data;

  return (
    <form onSubmit={submit} aria-labelledby="filter-panel-title" data-testid="filter-panel">
      <Stack gap="lg">
        <Title order={2} size="h4" id="filter-panel-title">
          Filters
        </Title>
        <Checkbox.Group
          label="Category"
          value={draft.category.map(String)}
          onChange={(ids) => set({ category: ids.map(Number) })}
        >
          <Stack gap={6} mt={6}>
            {LISTING_CATEGORY_IDS.map((id) => (
              <Checkbox
                key={id}
                value={String(id)}
                label={withCount(LISTING_CATEGORIES[id], byCategory ? (byCategory[String(id)] ?? 0) : undefined)}
              />
            ))}
          </Stack>
        </Checkbox.Group>

        <MultiSelect
          label="Websites"
          placeholder={draft.website.length === 0 ? 'Any website' : undefined}
          data={[...new Set([...(websites.data ?? []), ...draft.website])]}
          value={draft.website}
          onChange={(website) => set({ website })}
          searchable
          clearable
          nothingFoundMessage="No website matches"
          comboboxProps={{ withinPortal: true }}
          data-testid="filter-websites"
        />

        {stats.isPending ? (
          <Skeleton h={120} />
        ) : (
          <Checkbox.Group
            label="Language"
            value={draft.language}
            onChange={(language) => set({ language: language as ListingLanguage[] })}
          >
            <Stack gap={6} mt={6}>
              {languages.map((language) => (
                <Checkbox
                  key={language}
                  value={language}
                  label={withCount(language, byLanguage ? (byLanguage[language] ?? 0) : undefined)}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}

        <Box component="fieldset" style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Text component="legend" size="sm" fw={500} p={0}>
            Price
          </Text>
          <Group grow gap="sm" align="flex-start" mt={4}>
            <PriceInput
              label="Min (€)"
              placeholder={range ? String(Math.floor(range.minimum)) : undefined}
              value={draft.minPrice}
              onChange={(minPrice) => set({ minPrice })}
              testId="filter-min-price"
            />
            <PriceInput
              label="Max (€)"
              placeholder={range ? String(Math.ceil(range.maximum)) : undefined}
              value={draft.maxPrice}
              onChange={(maxPrice) => set({ maxPrice })}
              testId="filter-max-price"
            />
          </Group>
        </Box>

        {YES_NO_FILTERS.map(({ key, label }) => (
          <Radio.Group
            key={key}
            label={label}
            value={draft[key] ?? 'any'}
            onChange={(v) => set({ [key]: v === 'any' ? undefined : (v as YesNo) })}
          >
            <Group gap="sm" mt={6} wrap="nowrap">
              <Radio value="any" label="Any" />
              <Radio value="YES" label="Yes" />
              <Radio value="NO" label="No" />
            </Group>
          </Radio.Group>
        ))}

        <Stack gap="xs">
          <Button type="submit" data-testid="filter-apply">
            {count === undefined
              ? 'Show listings'
              : `Show ${formatNumber(count)} ${count === 1 ? 'listing' : 'listings'}`}
          </Button>
          <Button variant="subtle" color="gray" onClick={() => setDraft(EMPTY_FILTER)} data-testid="filter-reset">
            Reset filters
          </Button>
          {available.isError ? (
            <Text size="xs" c="dimmed">
              The number of matching listings is not available right now.
            </Text>
          ) : null}
        </Stack>
      </Stack>
    </form>
  );
}
