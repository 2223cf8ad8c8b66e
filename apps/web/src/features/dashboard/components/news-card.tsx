import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { cutNewsDescription } from '@cryptads/contract/news-limits';
import { formatDate } from '../../../lib/format';
import { useNews } from '../api/get-news';

/**
 * The two latest articles of the provider's blog (docs/product/account.md#dashboard), descriptions cut to 85
 * characters. A failing or empty feed hides the card: no error dialog for a side dish.
 */
export function NewsCard() {
  const news = useNews();
  const articles = news.data ?? [];
  if (articles.length === 0) return null;
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="news-card">
      <Title order={2} size="h4" mb="sm">
        From our blog
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {articles.map((article) => (
          <Stack key={article.url} gap={4} data-testid="news-item">
            <Text size="xs" c="dimmed" className="tabular">
              {formatDate(article.date)}
            </Text>
            <Anchor href={article.url} target="_blank" rel="noopener noreferrer" fw={600}>
              {article.title}
              <IconExternalLink
                size={14}
                style={{ marginLeft: 4, verticalAlign: 'middle' }}
                aria-label="(opens in a new tab)"
              />
            </Anchor>
            <Text size="sm" c="dimmed" data-testid="news-description">
              {cutNewsDescription(article.description)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}
