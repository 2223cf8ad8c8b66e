import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isValidDay } from '@cryptads/contract/dates';
import { STATEMENT_PAGE_SIZES } from '@cryptads/contract/statement';
import { STATEMENT_MESSAGES } from '@cryptads/contract/statement-messages';
import { errorReason } from '../../../lib/api-client';
import { formatMicros } from '../../../lib/format';
import { queryState } from '../../../ui/data-table';
import { DayInput } from '../../../ui/day-input';
import { Notice } from '../../../ui/notice';
import { useDownloadStatement, useStatement } from '../api/statement';
import { HistoryTabs } from '../components/history-tabs';
import { StatementTable } from '../components/statement-table';

function Figure({ label, value, testId }: { label: string; value: string | undefined; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={700} className="tabular" data-testid={testId}>
        {value === undefined ? '…' : formatMicros(value)}
      </Text>
    </div>
  );
}

const dayParam = (value: string | null) => (value && isValidDay(value) ? value : '');

/**
 * /billing/history/statement/ (docs/product/billing.md#statement): every movement of the balance
 * in a period with the running balance, the opening and closing balance, search and CSV. The
 * period and page live in the address, so a statement can be bookmarked or shared with an
 * accountant who has the login.
 */
export function StatementPage() {
  const [params, setParams] = useSearchParams();
  const from = dayParam(params.get('from'));
  const to = dayParam(params.get('to'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sizeParam = Number(params.get('pageSize'));
  const pageSize = (STATEMENT_PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : 10;
  const [typed, setTyped] = useState(params.get('search') ?? '');
  const [search] = useDebouncedValue(typed.trim(), 350);
  const periodError = from && to && from > to ? 'The start date must be on or before the end date.' : null;

  // Changes made before the address has moved (From, then To, in one go) build on each other:
  // react-router's setSearchParams does not queue updates the way React's setState does.
  const pending = useRef<{ seen: URLSearchParams; merged: URLSearchParams } | null>(null);
  const update = (next: Record<string, string | number>) => {
    // The address this render saw, unless a change was made since without a render.
    const base = pending.current?.seen === params ? pending.current.merged : params;
    const merged = new URLSearchParams(base);
    for (const [k, v] of Object.entries(next)) {
      if (v === '' || v === 1 || (k === 'pageSize' && v === 10)) merged.delete(k);
      else merged.set(k, String(v));
    }
    pending.current = { seen: params, merged };
    setParams(merged, { replace: true });
  };

  const statement = useStatement({
    from: from || undefined,
    to: periodError ? undefined : to || undefined,
    search: search || undefined,
    page,
    pageSize,
  });
  const csv = useDownloadStatement();
  const data = statement.data;

  return (
    <Stack gap="lg" data-testid="statement">
      <div>
        <Title order={1} size="h2">
          Statement of Account
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          Every movement of your balance, with the balance after each one. Amounts held for a marketplace order or a
          payout leave the balance when they are held.
        </Text>
      </div>
      <HistoryTabs />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <DayInput
              label="From"
              value={from}
              onChange={(day) => update({ from: day, page: 1 })}
              data-testid="statement-from"
              w={170}
            />
            <DayInput
              label="To"
              value={to}
              error={periodError}
              onChange={(day) => update({ to: day, page: 1 })}
              data-testid="statement-to"
              w={170}
            />
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={csv.isPending}
              disabled={!!periodError}
              onClick={() => csv.mutate({ from: from || undefined, to: to || undefined, search: search || undefined })}
              data-testid="statement-csv"
            >
              Download CSV
            </Button>
          </Group>
          {csv.isError ? (
            <Notice color="red" role="alert" title="The CSV could not be downloaded.">
              <Text size="sm">{errorReason(csv.error)}</Text>
            </Notice>
          ) : null}
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" data-testid="statement-summary">
            <Figure label="Opening balance" value={data?.openingBalanceMicros} testId="statement-opening" />
            <Figure label="Money in" value={data?.inMicros} testId="statement-in" />
            <Figure
              label="Money out"
              value={data ? (-BigInt(data.outMicros)).toString() : undefined}
              testId="statement-out"
            />
            <Figure label="Closing balance" value={data?.closingBalanceMicros} testId="statement-closing" />
          </SimpleGrid>
          <Text size="xs" c="dimmed" data-testid="statement-cents-note">
            {STATEMENT_MESSAGES.centsNote}
          </Text>
          <StatementTable
            lines={data?.lines ?? []}
            state={queryState(statement, 'We could not load your statement.')}
            server={{
              total: data?.total ?? 0,
              page,
              pageSize,
              pageSizes: STATEMENT_PAGE_SIZES,
              onPageChange: (nextPage, nextSize) => update({ page: nextPage, pageSize: nextSize }),
              search: typed,
              onSearchChange: (value) => {
                setTyped(value);
                update({ search: value.trim(), page: 1 });
              },
            }}
          />
        </Stack>
      </Card>
    </Stack>
  );
}
