import { Autocomplete, Badge, Button, Card, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type ChangeEvent, useEffect, useState } from 'react';
import type { AuditEntry } from '@cryptads/contract/endpoints/admin-accounts';
import { formatDateTime } from '../../../lib/format';
import { DayInput } from '../../../ui/day-input';
import { useAudit } from '../api/audit';
import { Changes } from '../components/changes';
import { type Column, DataTable } from '../../../ui/data-table';
import { PageHeader } from '../components/page-header';
import { compact, useListParams } from '../components/search-params';
import { ErrorNotice, LoadingCard } from '../components/states';

/** The actions the back office and the CLI write most; the field takes any other too. */
const KNOWN_ACTIONS = [
  'user credit',
  'user adjust',
  'user disable',
  'user enable',
  'user end-sessions',
  'terms publish-text',
  'announcement publish-text',
  'approval requested',
  'approval approved',
  'approval rejected',
];

const FILTERS = ['q', 'action', 'objectType', 'objectId', 'actorId', 'from', 'to'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/** A 'YYYY-MM-DD' day of the operator's calendar to the instant it starts (`plusDays` later). */
function dayStart(day: string, plusDays = 0): string | undefined {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return undefined;
  return new Date(y, m - 1, d + plusDays).toISOString();
}

/** An object id can be a whole text (the terms published): the first line, cut. */
const shorten = (id: string) => {
  const first = id.split('\n')[0] ?? '';
  return first.length > 60 || first !== id ? `${first.slice(0, 60)}…` : id;
};

export const who = (e: AuditEntry) => e.actorEmail ?? (e.via === 'command line' ? 'command line' : '—');

const columns: Column<AuditEntry>[] = [
  { key: 'at', header: 'When', render: (e) => formatDateTime(e.at) },
  { key: 'who', header: 'Who', render: who },
  {
    key: 'via',
    header: 'Via',
    role: 'status',
    render: (e) => (
      // The label never shrinks to an ellipsis when the table is squeezed (390 px, long changes).
      <Badge
        variant="dot"
        color={e.via === 'screen' ? 'blue' : 'gray'}
        miw="fit-content"
        styles={{ label: { overflow: 'visible' } }}
      >
        {e.via}
      </Badge>
    ),
  },
  { key: 'action', header: 'Action', render: (e) => e.action, role: 'primary' },
  {
    key: 'object',
    header: 'Object',
    render: (e) =>
      `${e.objectType}${e.objectId ? ` ${shorten(e.objectId)}` : ''}${e.approvalId ? ` (approval ${e.approvalId})` : ''}`,
  },
  { key: 'changes', header: 'What changed', render: (e) => <Changes changes={e.changes} /> },
];

/** /admin/audit/: every change an operator or the command line made; read only. */
export function AuditPage() {
  const list = useListParams(FILTERS);
  const [draft, setDraft] = useState<Filters>(list.values);
  const applied = JSON.stringify(list.values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft follows the URL (back/forward).
  useEffect(() => setDraft(list.values), [applied]);
  const v = list.values;
  const actorId = Number(v.actorId);
  const audit = useAudit(
    compact({
      q: v.q,
      action: v.action,
      objectType: v.objectType,
      objectId: v.objectId,
      actorId: Number.isInteger(actorId) && actorId > 0 ? actorId : undefined,
      from: v.from ? dayStart(v.from) : undefined,
      to: v.to ? dayStart(v.to, 1) : undefined,
      page: list.page,
      pageSize: list.pageSize,
    }),
  );
  const field = (key: keyof Filters) => ({
    value: draft[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [key]: e.currentTarget.value }),
  });

  return (
    <Stack gap="lg">
      <PageHeader title="Audit trail">
        Every change made in the back office or from the command line, newest first. Entries can never be edited or
        deleted.
      </PageHeader>
      <Card withBorder radius="lg" padding="lg">
        <form
          aria-label="Filter the audit trail"
          onSubmit={(e) => {
            e.preventDefault();
            list.set(Object.fromEntries(FILTERS.map((k) => [k, draft[k].trim()])) as Filters);
          }}
        >
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" mb="sm">
            <TextInput label="Search" placeholder="Email, action, object…" {...field('q')} data-testid="audit-q" />
            <Autocomplete
              label="Action"
              data={KNOWN_ACTIONS}
              value={draft.action}
              onChange={(action) => setDraft({ ...draft, action })}
              data-testid="audit-action"
            />
            <TextInput
              label="Object type"
              placeholder="user, terms…"
              {...field('objectType')}
              data-testid="audit-object-type"
            />
            <TextInput
              label="Object id"
              placeholder="e.g. an email"
              {...field('objectId')}
              data-testid="audit-object-id"
            />
            <TextInput
              label="Actor (operator id)"
              inputMode="numeric"
              {...field('actorId')}
              data-testid="audit-actor"
            />
            <DayInput
              label="From"
              value={draft.from}
              onChange={(from) => setDraft({ ...draft, from })}
              data-testid="audit-from"
            />
            <DayInput
              label="To"
              value={draft.to}
              onChange={(to) => setDraft({ ...draft, to })}
              data-testid="audit-to"
            />
          </SimpleGrid>
          <Group gap="xs" mb="md">
            <Button type="submit" size="sm" data-testid="audit-apply">
              Apply filters
            </Button>
            <Button
              size="sm"
              variant="default"
              onClick={() => list.set(Object.fromEntries(FILTERS.map((k) => [k, ''])) as Filters)}
            >
              Clear
            </Button>
          </Group>
        </form>
        {audit.isPending ? (
          <LoadingCard label="Loading the audit trail" />
        ) : audit.isError ? (
          <ErrorNotice
            title="We could not load the audit trail"
            error={audit.error}
            onRetry={() => void audit.refetch()}
            retrying={audit.isFetching}
          />
        ) : (
          <DataTable
            label="Audit entries"
            columns={columns}
            rows={audit.data.items}
            rowKey={(e) => e.id}
            server={list.server(audit.data.total)}
            emptyText="No entry matches these filters."
            rowProps={() => ({ 'data-testid': 'audit-table-row' })}
            phoneDetails={4}
            data-testid="audit-table"
          />
        )}
      </Card>
    </Stack>
  );
}
