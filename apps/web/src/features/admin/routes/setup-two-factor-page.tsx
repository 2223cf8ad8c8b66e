import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * /admin/setup-2fa/: an operator turns two-factor authentication on before anything else.
 * `children` is the settings' QR code and code form (app/admin-routes.tsx composes them).
 */
export function SetupTwoFactorPage({ children }: { children: ReactNode }) {
  return (
    <Stack gap="lg" maw={560} mx="auto">
      <div>
        <Title order={1} size="h2">
          Turn on two-factor authentication
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          The back office opens only to operators who sign in with a code from an authenticator app. Set it up now; it
          stays on.
        </Text>
      </div>
      <Card withBorder radius="lg" padding="lg" data-testid="admin-setup-2fa">
        {children}
      </Card>
    </Stack>
  );
}
