import {
  Badge,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { formatEuros } from '@cryptads/contract/money';
import { CodeInput } from '../../../ui/code-input';
import { type Column, DataTable } from '../../../ui/data-table';
import { ColorSchemeToggle } from '../../../ui/color-scheme-toggle';
import { ComingSoonPage } from '../../../ui/coming-soon-page';
import { NotFoundPage } from '../../../ui/not-found-page';
import { PasswordStrength } from '../../../ui/password-strength';
import { showError, showStatus, showSuccess } from '../../../ui/status-store';

/** Developer-only showcase (docs/product/account.md#public-routes): content only when the secret is 'dev'. */
export function GuidePage() {
  const { secret } = useParams();
  if (secret !== 'dev') return <NotFoundPage />;
  return <Guide />;
}

const ROWS = [
  { name: 'Display - Bitcoin wallets', impressions: 184_220, spend: 36.84 },
  { name: 'Native - Exchange launch', impressions: 92_503, spend: 46.25 },
  { name: 'Popunder - DeFi app', impressions: 12_004, spend: 12 },
];

/** The product's one table (ui/data-table), sortable from the fields the keys name. */
const GUIDE_COLUMNS: Column<(typeof ROWS)[number]>[] = [
  { key: 'name', header: 'Campaign', sortable: true },
  {
    key: 'impressions',
    header: 'Impressions',
    sortable: true,
    align: 'right',
    render: (row) => row.impressions.toLocaleString('en-GB'),
  },
  { key: 'spend', header: 'Spend', sortable: true, align: 'right', render: (row) => formatEuros(row.spend) },
];

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Guide() {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);
  return (
    <Container component="main" id="main" size="lg" py="xl">
      <Group justify="space-between" mb="lg">
        <Title order={1}>Component guide</Title>
        <ColorSchemeToggle />
      </Group>
      <Stack gap="lg">
        <Section title="Buttons">
          <Group>
            <Button>Primary</Button>
            <Button variant="default">Default</Button>
            <Button variant="light">Light</Button>
            <Button variant="outline">Outline</Button>
            <Button color="red.9">Danger</Button>
            <Button
              loading={loading}
              onClick={() => {
                setLoading(true);
                window.setTimeout(() => setLoading(false), 1500);
              }}
            >
              Loading on click
            </Button>
            <Button disabled>Disabled</Button>
          </Group>
        </Section>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Section title="Inputs">
            <Stack>
              <TextInput label="Email" placeholder="you@example.com" />
              <TextInput label="With error" error="Please enter a valid email address." defaultValue="not-an-email" />
              <PasswordInput
                label="Password with checklist"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
              <PasswordStrength password={password} />
              <Checkbox label="Remember me" />
            </Stack>
          </Section>
          <Section title="Code input">
            <Stack>
              <CodeInput label="Six-digit code" value={code} onChange={setCode} />
              <Text size="sm" c="dimmed">
                Value: “{code}”
              </Text>
            </Stack>
          </Section>
        </SimpleGrid>
        <Section title="Status modal">
          <Group>
            <Button onClick={() => showSuccess('Your changes were saved.')}>Success</Button>
            <Button color="red.9" onClick={() => showError('The server said no.')}>
              Error
            </Button>
            <Button
              variant="default"
              onClick={() =>
                showStatus({
                  type: 'warning',
                  title: 'Are you sure?',
                  info: 'You may not be able to revert this!',
                  buttonCaption: 'OK',
                })
              }
            >
              Warning
            </Button>
          </Group>
        </Section>
        <Section title="Badges">
          <Group>
            <Badge>Default</Badge>
            <Badge color="teal.9">Active</Badge>
            <Badge color="#b03a0a">Pending</Badge>
            <Badge color="red.9">Rejected</Badge>
            <Badge color="yellow.4" c="navy.9">
              New
            </Badge>
          </Group>
        </Section>
        <Section title="Table">
          <DataTable label="Campaigns" columns={GUIDE_COLUMNS} rows={ROWS} rowKey={(row) => row.name} />
        </Section>
        <ComingSoonPage section="A later section" />
      </Stack>
    </Container>
  );
}
