import { Card, List, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { WEBSITE_RULES } from '@cryptads/contract/websites-messages';

/** The rules a website must meet to be approved (docs/product/limits.md#websites), shown before adding one. */
export function WebsiteRules() {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="website-rules">
      <Title order={2} size="h5">
        Before you add a website
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="sm">
        An account manager approves websites that meet these rules:
      </Text>
      <List
        spacing="xs"
        size="sm"
        icon={
          <ThemeIcon size={20} radius="xl" color="teal.9" aria-hidden>
            <IconCheck size={13} />
          </ThemeIcon>
        }
      >
        {WEBSITE_RULES.map((rule) => (
          <List.Item key={rule}>{rule}</List.Item>
        ))}
      </List>
    </Card>
  );
}
