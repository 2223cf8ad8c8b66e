import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  CopyButton,
  Group,
  Modal,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import {
  API_KEY_DEFAULT_EXPIRY_DAYS,
  API_KEY_EXPIRY_DAYS,
  API_KEY_NAME_MAX,
  API_SCOPE_LABELS,
  type ApiKey,
  type CreatedApiKey,
} from '@cryptads/contract/api-keys';
import { TwoFactorStatus } from '@cryptads/contract/two-factor-status';
import { API_SCOPES, type ApiScope } from '@cryptads/contract/endpoint';
import { errorReason } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { type Column, DataTable } from '../../../ui/data-table';
import { showError } from '../../../ui/status-store';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { useTwoFactorStatus } from '../api/two-factor';

/** The form of a new key: name, scopes, expiry and the 2FA code when two-factor authentication is on. */
function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const create = useCreateApiKey();
  const twoFactor = useTwoFactorStatus();
  const needsCode = twoFactor.data?.status === TwoFactorStatus.Enabled;
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [days, setDays] = useState(String(API_KEY_DEFAULT_EXPIRY_DAYS));
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!name.trim()) return setError('Enter a name.');
    if (scopes.length === 0) return setError('Choose at least one scope.');
    if (needsCode && !/^\d{6}$/.test(code)) return setError('Enter the 6-digit code of your authenticator app.');
    try {
      const created = await create.mutateAsync({
        name: name.trim(),
        scopes,
        expiresInDays: Number(days),
        ...(needsCode ? { twoFactorCode: code } : {}),
      });
      setName('');
      setScopes([]);
      setCode('');
      onCreated(created);
    } catch (failure) {
      setError(errorReason(failure));
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="form" onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4">
            Create an API key
          </Title>
          <Text size="sm" c="dimmed">
            A key lets your own programs call the API under /api/v1 with only the rights you choose. Send it as
            “Authorization: Bearer &lt;key&gt;”.
          </Text>
        </Stack>
        <TextInput
          label="Name"
          description="What the key is for, so you recognise it later."
          value={name}
          maxLength={API_KEY_NAME_MAX}
          onChange={(e) => setName(e.currentTarget.value)}
          data-testid="api-key-name"
        />
        <Checkbox.Group
          label="Scopes"
          value={scopes}
          onChange={(value) => setScopes(value as ApiScope[])}
          data-testid="api-key-scopes"
        >
          <Stack gap={6} mt={6}>
            {API_SCOPES.map((scope) => (
              <Checkbox
                key={scope}
                value={scope}
                label={
                  <>
                    <Text span ff="monospace" size="sm">
                      {scope}
                    </Text>{' '}
                    <Text span size="sm" c="dimmed">
                      {API_SCOPE_LABELS[scope]}
                    </Text>
                  </>
                }
                data-testid={`api-key-scope-${scope}`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <NativeSelect
          label="Expires after"
          value={days}
          onChange={(e) => setDays(e.currentTarget.value)}
          data={API_KEY_EXPIRY_DAYS.map((d) => ({ value: String(d), label: `${d} days` }))}
          maw={240}
          data-testid="api-key-expiry"
        />
        {needsCode ? (
          <TextInput
            label="2FA code"
            description="The 6-digit code of your authenticator app."
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            maw={240}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
            data-testid="api-key-code"
          />
        ) : null}
        {error ? (
          <Text size="sm" c="red.9" role="alert" data-testid="api-key-error">
            {error}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={create.isPending} data-testid="api-key-create">
            Create Key
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The whole key, once, with a copy button and the warning that it will not be shown again. */
function CreatedKeyModal({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  return (
    <Modal opened={created !== null} onClose={onClose} title="Your new API key" centered size="lg">
      {created ? (
        <Stack gap="md">
          <Alert color="orange.9" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            Copy this key now: it will not be shown again. Anyone with it can use the API as your account, within its
            scopes.
          </Alert>
          <Text
            ff="monospace"
            size="sm"
            p="sm"
            bg="var(--mantine-color-default-hover)"
            style={{ wordBreak: 'break-all', borderRadius: 8 }}
            data-testid="api-key-secret"
          >
            {created.key}
          </Text>
          <Group justify="space-between">
            <CopyButton value={created.key}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'filled'}
                  color={copied ? 'teal.9' : undefined}
                  leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  onClick={copy}
                  data-testid="api-key-copy"
                >
                  {copied ? 'Copied' : 'Copy Key'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose} data-testid="api-key-done">
              Done
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

function KeysCard() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const columns = useMemo<Column<ApiKey>[]>(
    () => [
      { key: 'name', role: 'primary', header: 'Name', value: (row) => row.name },
      {
        key: 'prefix',
        header: 'Key',
        value: (row) => row.prefix,
        render: (row) => (
          <Text span ff="monospace" size="sm">
            {row.prefix}…
          </Text>
        ),
      },
      {
        key: 'scopes',
        header: 'Scopes',
        sortable: false,
        value: (row) => row.scopes.join(' '),
        render: (row) => (
          <Group gap={4}>
            {row.scopes.map((scope) => (
              <Badge key={scope} variant="default" tt="none">
                {scope}
              </Badge>
            ))}
          </Group>
        ),
      },
      {
        key: 'created',
        header: 'Created',
        value: (row) => row.createdAt,
        render: (row) => <span className="tabular">{formatDateTime(row.createdAt)}</span>,
      },
      {
        key: 'expires',
        header: 'Expires',
        value: (row) => row.expiresAt,
        render: (row) => <span className="tabular">{formatDateTime(row.expiresAt)}</span>,
      },
      {
        key: 'lastUsed',
        header: 'Last used',
        value: (row) => row.lastUsedAt ?? '',
        render: (row) =>
          row.lastUsedAt ? (
            <Stack gap={0}>
              <span className="tabular">{formatDateTime(row.lastUsedAt)}</span>
              <Text size="xs" c="dimmed">
                {row.lastUsedIp}
              </Text>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              Never
            </Text>
          ),
      },
      {
        key: 'action',
        role: 'status',
        header: 'Action',
        sortable: false,
        value: () => 'Revoke',
        render: (row) => (
          <Button
            size="compact-sm"
            variant="default"
            c="red.9"
            onClick={() => setRevoking(row)}
            data-testid="api-key-revoke"
            aria-label={`Revoke the key ${row.name}`}
          >
            Revoke
          </Button>
        ),
      },
    ],
    [],
  );

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
    } catch (error) {
      showError(errorReason(error));
    } finally {
      setRevoking(null);
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} size="h4" mb="md">
        Your API keys
      </Title>
      {keys.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton h={32} />
          <Skeleton h={32} />
        </Stack>
      ) : keys.isError ? (
        <Text size="sm" c="red.9">
          {errorReason(keys.error)}
        </Text>
      ) : (
        <DataTable
          label="API keys"
          columns={columns}
          rows={keys.data}
          rowKey={(row) => row.id}
          rowProps={(row) => ({ 'data-testid': 'api-keys-row', 'data-key-id': row.id })}
          emptyText="No API keys yet. Create one above to call the API from your own programs."
          data-testid="api-keys"
        />
      )}
      <ConfirmModal
        opened={revoking !== null}
        message={revoking ? `The key ${revoking.name} will stop working at once.` : ''}
        confirmLabel="Revoke Key"
        loading={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
        onClose={() => setRevoking(null)}
      />
    </Card>
  );
}

/** /settings/api-keys/ (docs/product/public-api.md): create, list and revoke API keys. */
export function ApiKeysPage() {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <Stack gap="lg">
      <CreateKeyForm onCreated={setCreated} />
      <KeysCard />
      <CreatedKeyModal created={created} onClose={() => setCreated(null)} />
    </Stack>
  );
}
