import { Button, Group, Radio, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconSpeakerphone, IconWorldWww } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ACCOUNT_TYPE_LABELS, AccountType } from '@cryptads/contract/account-types';
import { AUTH_MESSAGES } from '@cryptads/contract/auth';

export type SignupRole = typeof AccountType.Advertiser | typeof AccountType.Publisher;

const ROLES: { type: SignupRole; testId: string; icon: ReactNode; text: string }[] = [
  {
    type: AccountType.Advertiser,
    testId: 'role-advertiser',
    icon: <IconSpeakerphone size={22} />,
    text: 'Promote a crypto project: run campaigns and buy marketplace placements.',
  },
  {
    type: AccountType.Publisher,
    testId: 'role-publisher',
    icon: <IconWorldWww size={22} />,
    text: 'Monetise a crypto website: place ad codes and earn from your traffic.',
  },
];

/** Step 1 (docs/product/account.md#sign-up): Next stays disabled until a type is chosen. */
export function RoleStep({
  role,
  onChange,
  onNext,
}: {
  role: SignupRole | null;
  onChange: (role: SignupRole) => void;
  onNext: () => void;
}) {
  return (
    <Stack gap="md">
      <Radio.Group
        value={role === null ? null : String(role)}
        onChange={(value) => onChange(Number(value) as SignupRole)}
        label={AUTH_MESSAGES.chooseAccountType}
        labelProps={{ mb: 'sm' }}
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {ROLES.map(({ type, testId, icon, text }) => (
            <Radio.Card key={type} value={String(type)} radius="md" p="md" data-testid={testId}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator mt={2} />
                <div>
                  <Group gap={8} mb={4}>
                    <ThemeIcon variant="light" size="md" radius="md" aria-hidden>
                      {icon}
                    </ThemeIcon>
                    <Text fw={700}>{ACCOUNT_TYPE_LABELS[type]}</Text>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {text}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Group justify="flex-end">
        <Button onClick={onNext} disabled={role === null} data-testid="signup-next">
          Next
        </Button>
      </Group>
    </Stack>
  );
}
