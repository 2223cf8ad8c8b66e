import {
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookAttempt,
  type WebhookEndpoint,
  type WebhookEventType,
  WebhookCreateSchema,
} from '@cryptads/contract/webhooks';
import { WEBHOOK_VERIFY_EXAMPLE } from '@cryptads/contract/webhook-verify-example';
import { errorReason } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { type Column, DataTable, queryState } from '../../../ui/data-table';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useResend,
  useRotateSecret,
  useSendTest,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '../api/webhooks';

const eventLabel = (type: string) =>
  WEBHOOK_EVENT_LABELS[type as WebhookEventType] ?? (type === 'ping' ? 'Test (ping)' : type);

type Editing = { id: number | null; url: string; events: WebhookEventType[] };

/** Add or edit an endpoint: its URL and the events it receives. */
function EndpointForm({
  editing,
  onClose,
  onCreated,
}: {
  editing: Editing;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const [url, setUrl] = useState(editing.url);
  const [events, setEvents] = useState<string[]>(editing.events);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const submit = async () => {
    const parsed = WebhookCreateSchema.safeParse({ url, events });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? WEBHOOK_MESSAGES.urlInvalid);
      return;
    }
    setError(null);
    try {
      if (editing.id === null) {
        const created = await create.mutateAsync(parsed.data);
        onCreated(created.secret);
      } else {
        await update.mutateAsync({ id: editing.id, body: parsed.data });
        void notify({ message: WEBHOOK_MESSAGES.saved, color: 'green' });
        onClose();
      }
    } catch (err) {
      setError(errorReason(err));
    }
  };
  return (
    <Stack>
      <TextInput
        label="Endpoint URL"
        description="HTTPS address that receives a POST for each event"
        placeholder="https://example.com/cryptads-webhook"
        value={url}
        onChange={(e) => setUrl(e.currentTarget.value)}
        data-testid="webhook-url"
        required
      />
      <Checkbox.Group label="Events" value={events} onChange={setEvents} required>
        <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <Checkbox key={type} value={type} label={WEBHOOK_EVENT_LABELS[type]} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      {error ? (
        <Text c="red.8" size="sm" role="alert" data-testid="webhook-form-error">
          {error}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} loading={create.isPending || update.isPending} data-testid="webhook-save">
          {editing.id === null ? 'Add endpoint' : 'Save'}
        </Button>
      </Group>
    </Stack>
  );
}

/** The secret, once, with a copy button. */
function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title="Signing secret" centered>
      <Stack>
        <Text size="sm">{WEBHOOK_MESSAGES.secretOnce}</Text>
        <Code block data-testid="webhook-secret" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy secret'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose} data-testid="webhook-secret-done">
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const query = useWebhookDeliveries(endpoint.id);
  const resend = useResend();
  const columns: Column<WebhookAttempt>[] = [
    { key: 'at', header: 'Time', value: (a) => a.at, render: (a) => formatDateTime(a.at), role: 'primary' },
    {
      key: 'event',
      header: 'Event',
      value: (a) => eventLabel(a.eventType),
      render: (a) => (
        <Stack gap={0}>
          <Text size="sm">{eventLabel(a.eventType)}</Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {a.eventId}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: 'Status code',
      value: (a) => a.statusCode ?? 0,
      role: 'status',
      render: (a) => (
        <Badge color={a.ok ? 'teal' : 'red'} variant="dot" title={a.error ?? undefined}>
          {a.statusCode ?? (a.error ? 'No answer' : '—')}
        </Badge>
      ),
    },
    {
      key: 'duration',
      header: 'Duration',
      value: (a) => a.durationMs,
      render: (a) => `${a.durationMs} ms`,
      align: 'right',
    },
    { key: 'attempt', header: 'Attempt', value: (a) => a.attempt, align: 'right' },
    {
      key: 'resend',
      header: 'Resend',
      role: 'actions',
      render: (a) => (
        <Button
          size="xs"
          variant="default"
          disabled={!endpoint.enabled}
          loading={resend.isPending && resend.variables?.deliveryId === a.deliveryId}
          aria-label={`Resend ${eventLabel(a.eventType)} of ${formatDateTime(a.at)}`}
          onClick={() =>
            resend.mutate(
              { id: endpoint.id, deliveryId: a.deliveryId },
              {
                onSuccess: () => void notify({ message: WEBHOOK_MESSAGES.resendQueued, color: 'green' }),
                onError: (err) => void notify({ message: errorReason(err), color: 'red' }),
              },
            )
          }
        >
          Resend
        </Button>
      ),
    },
  ];
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="webhook-deliveries">
      <Title order={2} size="h4" mb={4}>
        Deliveries
      </Title>
      <Text size="sm" c="dimmed" mb="sm" style={{ wordBreak: 'break-all' }}>
        {endpoint.url}: every attempt of the last 30 days, with the answer's status code.
      </Text>
      <DataTable
        label="Webhook deliveries"
        columns={columns}
        rows={query.data?.attempts ?? []}
        rowKey={(a) => a.id}
        emptyText={WEBHOOK_MESSAGES.emptyDeliveries}
        state={queryState(query, 'We could not load the deliveries.')}
        rowProps={() => ({ 'data-testid': 'webhook-delivery-row' })}
      />
    </Card>
  );
}

function EndpointCard({
  endpoint,
  selected,
  onSelect,
  onEdit,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  selected: boolean;
  onSelect: () => void;
  onEdit: () => void;
  onSecret: (secret: string) => void;
}) {
  const test = useSendTest();
  const update = useUpdateWebhook();
  const rotate = useRotateSecret();
  const remove = useDeleteWebhook();
  const [confirm, setConfirm] = useState<'delete' | 'rotate' | null>(null);
  const failed = (err: unknown) => void notify({ message: errorReason(err), color: 'red' });
  const last = endpoint.lastDelivery;
  return (
    <Card withBorder radius="lg" padding="md" data-testid="webhook-endpoint" aria-current={selected || undefined}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} style={{ wordBreak: 'break-all' }}>
            {endpoint.url}
          </Text>
          <Badge color={endpoint.enabled ? 'teal' : 'gray'} variant="dot" style={{ flexShrink: 0 }}>
            {endpoint.enabled ? 'Enabled' : 'Disabled'}
          </Badge>
        </Group>
        {endpoint.disabledReason ? (
          <Text size="sm" c="red.8">
            {endpoint.disabledReason}
          </Text>
        ) : null}
        <Group gap={6}>
          {endpoint.events.map((e) => (
            <Badge key={e} variant="outline" color="gray.7" size="sm">
              {WEBHOOK_EVENT_LABELS[e]}
            </Badge>
          ))}
        </Group>
        <Text size="sm" c="dimmed" data-testid="webhook-last-delivery">
          {last
            ? `Last delivery ${formatDateTime(last.at)}: ${last.statusCode ?? 'no answer'}${last.ok ? '' : ' (failed)'}`
            : 'No deliveries yet'}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant={selected ? 'filled' : 'default'} onClick={onSelect}>
            Deliveries
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={!endpoint.enabled}
            loading={test.isPending}
            onClick={() =>
              test.mutate(endpoint.id, {
                onSuccess: () => {
                  onSelect();
                  void notify({ message: WEBHOOK_MESSAGES.testQueued, color: 'green' });
                },
                onError: failed,
              })
            }
          >
            Send test
          </Button>
          <Button size="xs" variant="default" onClick={onEdit}>
            Edit
          </Button>
          <Button size="xs" variant="default" onClick={() => setConfirm('rotate')}>
            Rotate secret
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={update.isPending}
            onClick={() =>
              update.mutate({ id: endpoint.id, body: { enabled: !endpoint.enabled } }, { onError: failed })
            }
          >
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button size="xs" variant="default" color="red.8" onClick={() => setConfirm('delete')}>
            Delete
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirm === 'delete'}
        message={`Delete ${endpoint.url} and its delivery history?`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          remove.mutate(endpoint.id, {
            onSuccess: () => {
              setConfirm(null);
              void notify({ message: WEBHOOK_MESSAGES.deleted, color: 'green' });
            },
            onError: failed,
          })
        }
      />
      <ConfirmModal
        opened={confirm === 'rotate'}
        title="Rotate the signing secret?"
        message="A new secret is made and shown once. The current one keeps signing for 24 hours, so you can switch your receiver meanwhile."
        confirmLabel="Rotate"
        loading={rotate.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          rotate.mutate(endpoint.id, {
            onSuccess: (answer) => {
              setConfirm(null);
              onSecret(answer.secret);
            },
            onError: failed,
          })
        }
      />
    </Card>
  );
}

/** Settings > Webhooks (docs/product/webhooks.md): signed HTTPS callbacks for account events. */
export function WebhooksPage() {
  const query = useWebhooks();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const endpoints = query.data?.endpoints ?? [];
  const selected = endpoints.find((e) => e.id === selectedId) ?? endpoints[0] ?? null;
  const atMax = query.data ? endpoints.length >= query.data.max : true;

  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4} maw={620}>
            <Title order={1} size="h3">
              Webhooks
            </Title>
            <Text size="sm" c="dimmed">
              We send a signed POST to your HTTPS endpoint when something happens in your account. Each request carries
              the header <Code>{WEBHOOK_SIGNATURE_HEADER}</Code>; failed deliveries are retried for three days.
            </Text>
          </Stack>
          <Button
            onClick={() => setEditing({ id: null, url: '', events: [] })}
            disabled={atMax}
            data-testid="webhook-add"
          >
            Add endpoint
          </Button>
        </Group>
        {query.data && atMax ? (
          <Text size="sm" mt="sm">
            {WEBHOOK_MESSAGES.tooMany}
          </Text>
        ) : null}
      </Card>

      {query.isPending ? (
        <Skeleton h={120} radius="lg" />
      ) : query.isError ? (
        <Card withBorder radius="lg" padding="lg">
          <Text role="alert">{errorReason(query.error)}</Text>
          <Button mt="sm" variant="light" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Card>
      ) : endpoints.length === 0 ? (
        <Card withBorder radius="lg" padding="lg">
          <Text data-testid="webhooks-empty">{WEBHOOK_MESSAGES.emptyEndpoints}</Text>
        </Card>
      ) : (
        <Stack gap="sm" aria-label="Webhook endpoints">
          {endpoints.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              selected={selected?.id === endpoint.id}
              onSelect={() => setSelectedId(endpoint.id)}
              onEdit={() => setEditing({ id: endpoint.id, url: endpoint.url, events: endpoint.events })}
              onSecret={setSecret}
            />
          ))}
        </Stack>
      )}

      {selected ? <Deliveries endpoint={selected} /> : null}

      <Card withBorder radius="lg" padding="lg">
        <Title order={2} size="h4" mb={4}>
          Verify a delivery
        </Title>
        <Text size="sm" mb="sm">
          Compute the HMAC-SHA256 of <Code>{'<t>.<raw body>'}</Code> with your secret and compare it with each{' '}
          <Code>v1</Code> value (two during a secret rotation); refuse a <Code>t</Code> more than 5 minutes away.
          Deliveries are at least once: the same event id can arrive twice, so keep the ids you handled. An example in
          Node:
        </Text>
        <Code
          block
          data-testid="webhook-verify-example"
          style={{ overflowX: 'auto' }}
          tabIndex={0}
          role="region"
          aria-label="Signature verification example in Node"
        >
          {WEBHOOK_VERIFY_EXAMPLE}
        </Code>
      </Card>

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.id === null ? 'Add webhook endpoint' : 'Edit webhook endpoint'}
        centered
        size="lg"
      >
        {editing ? (
          <EndpointForm
            key={editing.id ?? 'new'}
            editing={editing}
            onClose={() => setEditing(null)}
            onCreated={(s) => {
              setEditing(null);
              setSecret(s);
            }}
          />
        ) : null}
      </Modal>
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}
