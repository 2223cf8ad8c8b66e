import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div>
      <Title order={1} size="h2">
        {title}
      </Title>
      {children ? (
        <Text c="dimmed" size="sm" mt={4}>
          {children}
        </Text>
      ) : null}
    </div>
  );
}
