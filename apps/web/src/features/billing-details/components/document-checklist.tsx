import { List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileCheck } from '@tabler/icons-react';
import { BILLING_PROFILE_MESSAGES as PM, documentChecklist } from '@cryptads/contract/billing-profile';

/** What to upload (docs/product/limits.md#billing), shown before the upload: per kind of customer and country. */
export function DocumentChecklist({ isCompany, country }: { isCompany: boolean; country: string }) {
  const items = documentChecklist({ isCompany, country });
  return (
    <Stack gap="xs" data-testid="document-checklist">
      <Title order={3} size="h5">
        What to upload
      </Title>
      <List
        spacing="sm"
        icon={
          <ThemeIcon size={22} radius="xl" variant="light" aria-hidden>
            <IconFileCheck size={14} />
          </ThemeIcon>
        }
      >
        {items.map((item) => (
          <List.Item key={item.id} data-testid={`requirement-${item.id}`}>
            <Text size="sm" fw={600}>
              {item.title}
            </Text>
            <Text size="sm" c="dimmed">
              {item.detail}
            </Text>
          </List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed">
        {PM.documentsHint}
      </Text>
    </Stack>
  );
}
