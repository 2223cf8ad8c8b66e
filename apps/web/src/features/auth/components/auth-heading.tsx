import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The one h1 of an auth screen and its lead sentence. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={6} mb="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children ? <Text c="dimmed">{children}</Text> : null}
    </Stack>
  );
}
