import { Accordion, Badge, Card, CloseButton, Group, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_PRODUCT_NAME } from '@cryptads/contract/ui';
import { usePublicConfig } from '../../../lib/api/get-public-config';
import { FAQ_SECTIONS, type FaqEntry, faqCategories, faqCategoryOf, searchFaq } from '../faq-content';
import { ScrollingTabList } from '../../../ui/scrolling-tab-list';

/** The content names the default product; a deployment under another name reads its own. */
const useBrand = () => {
  const product = usePublicConfig().data?.productName ?? DEFAULT_PRODUCT_NAME;
  return (text: string) => (product === DEFAULT_PRODUCT_NAME ? text : text.replaceAll(DEFAULT_PRODUCT_NAME, product));
};

function Entries({ entries, label }: { entries: { key: string; entry: FaqEntry; badge?: string }[]; label: string }) {
  const brand = useBrand();
  return (
    <Accordion variant="separated" radius="md" multiple aria-label={label} data-testid="faq-list">
      {entries.map(({ key, entry, badge }) => (
        <Accordion.Item key={key} value={key} data-testid="faq-item">
          <Accordion.Control>
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Text fw={600}>{brand(entry.question)}</Text>
              {badge ? (
                <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
                  {badge}
                </Badge>
              ) : null}
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="xs">
              {entry.answer.map((paragraph) => (
                <Text key={paragraph.slice(0, 40)} size="sm">
                  {brand(paragraph)}
                </Text>
              ))}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** FAQ (docs/product/faq.md#faq): General, Advertisers and Publishers, with a search across all three. */
export function FaqPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  // The answers state the deployment's own minimum bids and shares, read from GET /api/config.
  const rules = usePublicConfig().data?.rules ?? null;
  const categories = useMemo(() => faqCategories(rules), [rules]);
  const category = faqCategoryOf(pathname);
  const hits = searchFaq(query, categories);
  const searching = query.trim().length > 0;

  const setQuery = (value: string) => setParams(value ? { q: value } : {}, { replace: true, preventScrollReset: true });

  return (
    <Stack gap="lg" maw={900}>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Title order={2}>Frequently asked questions</Title>
          <Text c="dimmed" size="sm">
            Answers about deposits, campaigns, payouts and your account. Search looks through every category.
          </Text>
          <TextInput
            label="Search the FAQ"
            placeholder="e.g. minimum payout, ad sizes, 2FA"
            leftSection={<IconSearch size={16} />}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            rightSection={
              query ? <CloseButton aria-label="Clear the search" onClick={() => setQuery('')} size="sm" /> : null
            }
            data-testid="faq-search"
          />
        </Stack>
      </Card>

      {searching ? (
        <Stack gap="sm" data-testid="faq-results">
          <Text size="sm" c="dimmed" role="status">
            {hits.length === 0
              ? `No question matches "${query.trim()}". Try fewer or other words.`
              : `${hits.length} ${hits.length === 1 ? 'answer' : 'answers'} for "${query.trim()}"`}
          </Text>
          {hits.length > 0 ? (
            <Entries
              label="Search results"
              entries={hits.map(({ category: c, entry }) => ({ key: `${c.id}-${entry.id}`, entry, badge: c.label }))}
            />
          ) : null}
        </Stack>
      ) : (
        <Tabs
          value={category.id}
          onChange={(value) => {
            const next = FAQ_SECTIONS.find((c) => c.id === value);
            if (next) void navigate(next.path);
          }}
          keepMounted={false}
        >
          <ScrollingTabList mb="md">
            {FAQ_SECTIONS.map((c) => (
              <Tabs.Tab key={c.id} value={c.id} data-testid={`faq-tab-${c.id}`}>
                {c.label}
              </Tabs.Tab>
            ))}
          </ScrollingTabList>
          {categories.map((c) => (
            <Tabs.Panel key={c.id} value={c.id}>
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  {c.intro}
                </Text>
                <Entries
                  label={`${c.label} questions`}
                  entries={c.entries.map((entry) => ({ key: entry.id, entry }))}
                />
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}
