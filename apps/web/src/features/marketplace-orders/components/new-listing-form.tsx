import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { type NewListingInput, NewListingSchema } from '@cryptads/contract/marketplace';
import {
  ARTICLE_CATEGORIES,
  ARTICLE_YES_NO_ATTRIBUTES,
  DEFAULT_LISTING_LANGUAGE,
  LISTING_ATTRIBUTE,
  LISTING_CATEGORIES,
  LISTING_LANGUAGES,
  LISTING_NICHES,
  type ListingCategoryId,
  MARKETPLACE_LIMITS as L,
  MARKETPLACE_MESSAGES as M,
  SOCIAL_ATTRIBUTES,
  VIDEO_CATEGORY,
  YES_NO_ATTRIBUTES,
} from '@cryptads/contract/marketplace-messages';
import { paths } from '@cryptads/contract/paths';
import { errorReason } from '../../../lib/api-client';
import { showError, showSuccess } from '../../../ui/status-store';
import { useRequestListing } from '../api/request-listing';
import { ThumbnailField } from './thumbnail-field';

type Icon = { name: string; resource: string };
type Values = {
  title: string;
  category: number;
  niches: string[];
  language: string;
  /** Euros; undefined while empty (the schema then asks for it). */
  price: number | undefined;
  icon: Icon | null;
  attributes: Record<string, string>;
};
type Parsed = {
  title: string;
  category: number;
  niches: string[];
  language: string;
  price: number;
  icon: Icon;
  attributes: Record<string, string>;
};

const ALL_YES_NO = [...YES_NO_ATTRIBUTES, ...ARTICLE_YES_NO_ATTRIBUTES];
const SOCIAL_FIELDS = [...SOCIAL_ATTRIBUTES, LISTING_ATTRIBUTE.youtube];

/** docs/product/marketplace.md#request-a-listing defaults: Press Release, English, every yes/no option Yes. */
const defaults = (): Values => ({
  title: '',
  category: 0,
  niches: [],
  language: DEFAULT_LISTING_LANGUAGE,
  price: undefined,
  icon: null,
  attributes: {
    ...Object.fromEntries(ALL_YES_NO.map((key) => [key, 'Yes'])),
    ...Object.fromEntries(SOCIAL_FIELDS.map((key) => [key, ''])),
  },
});

const isArticle = (category: number) => ARTICLE_CATEGORIES.includes(category as ListingCategoryId);

/**
 * The attributes this category carries (docs/product/marketplace.md#request-a-listing): the article-only options for article
 * categories, Youtube for video, the language, and only the social fields filled in.
 */
function attributesFor(category: number, language: string, all: Record<string, string>): Record<string, string> {
  const keys: string[] = [
    ...YES_NO_ATTRIBUTES,
    ...(isArticle(category) ? ARTICLE_YES_NO_ATTRIBUTES : []),
    ...SOCIAL_ATTRIBUTES,
    ...(category === VIDEO_CATEGORY ? [LISTING_ATTRIBUTE.youtube] : []),
  ];
  const out: Record<string, string> = { [LISTING_ATTRIBUTE.language]: language };
  for (const key of keys) {
    const value = all[key]?.trim();
    if (value) out[key] = value;
  }
  return out;
}

// The form holds every attribute; the contract's schema checks limits, the icon and the niches.
const resolver = zodResolver(NewListingSchema) as unknown as Resolver<Values, unknown, Parsed>;

/** Request a Listing (docs/product/marketplace.md#request-a-listing): the form a publisher sends for an operator to approve. */
export function NewListingForm() {
  const navigate = useNavigate();
  const request = useRequestListing();
  const form = useForm<Values, unknown, Parsed>({
    resolver,
    defaultValues: defaults(),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const category = useWatch({ control: form.control, name: 'category' });
  const errors = form.formState.errors;

  const onSubmit = async (values: Parsed) => {
    const body: NewListingInput = {
      title: values.title,
      category: values.category,
      niches: values.niches as NewListingInput['niches'],
      language: values.language as NewListingInput['language'],
      price: values.price,
      icon: values.icon,
      attributes: attributesFor(values.category, values.language, values.attributes),
    };
    try {
      await request.mutateAsync(body);
      showSuccess(M.listingCreated);
      void navigate(paths.marketplace.myListings);
    } catch (error) {
      showError(errorReason(error));
    }
  };

  const yesNo = (key: string) => (
    <Controller
      key={key}
      control={form.control}
      name={`attributes.${key}`}
      render={({ field }) => (
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`attr-${key.replace(/\s+/g, '-')}`}>
            {key}
          </Text>
          <SegmentedControl
            aria-labelledby={`attr-${key.replace(/\s+/g, '-')}`}
            data={['Yes', 'No']}
            value={field.value ?? 'Yes'}
            onChange={field.onChange}
            size="xs"
            w="fit-content"
            data-testid={`attr-${key}`}
          />
        </Stack>
      )}
    />
  );

  const social = (key: string) => (
    <TextInput
      key={key}
      label={key}
      placeholder={key === LISTING_ATTRIBUTE.website ? 'https://' : undefined}
      maxLength={L.socialFieldMax}
      error={errors.attributes?.[key]?.message}
      data-testid={`attr-${key}`}
      {...form.register(`attributes.${key}`)}
    />
  );

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate data-testid="new-listing-form">
      <Stack gap="lg">
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              Listing
            </Title>
            <TextInput
              label="Title"
              withAsterisk
              maxLength={L.listingTitleMax}
              error={errors.title?.message}
              data-testid="listing-title"
              {...form.register('title')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller
                control={form.control}
                name="category"
                render={({ field }) => (
                  <Select
                    label="Category"
                    data={LISTING_CATEGORIES.map((name, id) => ({ value: String(id), label: name }))}
                    value={String(field.value)}
                    onChange={(v) => field.onChange(Number(v ?? 0))}
                    allowDeselect={false}
                    data-testid="listing-category"
                  />
                )}
              />
              <Controller
                control={form.control}
                name="language"
                render={({ field }) => (
                  <Select
                    label="Language"
                    data={[...LISTING_LANGUAGES]}
                    value={field.value}
                    onChange={(v) => field.onChange(v ?? DEFAULT_LISTING_LANGUAGE)}
                    allowDeselect={false}
                    searchable
                    data-testid="listing-language"
                  />
                )}
              />
            </SimpleGrid>
            <Controller
              control={form.control}
              name="price"
              render={({ field }) => (
                <NumberInput
                  ref={field.ref}
                  label="Price"
                  description="What a buyer pays for one placement, in euros."
                  withAsterisk
                  prefix="€"
                  decimalScale={2}
                  thousandSeparator=","
                  min={L.listingPriceMin}
                  max={L.listingPriceMax}
                  hideControls
                  value={field.value ?? ''}
                  onChange={(v) => field.onChange(typeof v === 'number' ? v : undefined)}
                  onBlur={field.onBlur}
                  error={errors.price?.message}
                  maw={240}
                  data-testid="listing-price"
                />
              )}
            />
            <Controller
              control={form.control}
              name="niches"
              render={({ field }) => (
                <Checkbox.Group
                  label="Niches"
                  withAsterisk
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.niches?.message}
                  data-testid="listing-niches"
                >
                  <Group gap="lg" mt={6}>
                    {LISTING_NICHES.map((niche) => (
                      <Checkbox key={niche} value={niche} label={niche} />
                    ))}
                  </Group>
                </Checkbox.Group>
              )}
            />
            <Controller
              control={form.control}
              name="icon"
              render={({ field }) => <ThumbnailField ref={field.ref} value={field.value} onChange={field.onChange} />}
            />
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              Options
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
              {[...YES_NO_ATTRIBUTES, ...(isArticle(category) ? ARTICLE_YES_NO_ATTRIBUTES : [])].map(yesNo)}
            </SimpleGrid>
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              Social and website
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {[...SOCIAL_ATTRIBUTES, ...(category === VIDEO_CATEGORY ? [LISTING_ATTRIBUTE.youtube] : [])].map(social)}
            </SimpleGrid>
          </Stack>
        </Card>
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting} data-testid="listing-submit">
            Submit Listing
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
