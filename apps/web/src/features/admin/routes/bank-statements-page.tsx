import { Button, Card, FileInput, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import {
  BANK_STATEMENT_MESSAGES,
  STATEMENT_LINE_REASON_LABELS,
  STATEMENT_MAX_CHARS,
} from '@cryptads/contract/bank-statements';
import type { StatementImportResult, StatementLine } from '@cryptads/contract/endpoints/bank-statements';
import { errorReason } from '../../../lib/api-client';
import { formatDate, formatMicros } from '../../../lib/format';
import { type Column, DataTable, queryState } from '../../../ui/data-table';
import { Notice } from '../../../ui/notice';
import { showError, showSuccess } from '../../../ui/status-store';
import { useImportStatement, useResolveStatementLine, useWaitingStatementLines } from '../api/bank-statements';
import { PageHeader } from '../components/page-header';

const amountOf = (line: StatementLine) =>
  line.currency === 'EUR'
    ? formatMicros(line.amountMicros)
    : `${(Number(line.amountMicros) / 1e6).toFixed(2)} ${line.currency}`;

/** What an import did, in the words of the back office. */
export const importSummary = (r: StatementImportResult) =>
  `${r.credited} credited, ${r.alreadyImported} already imported, ${r.waiting} waiting for a decision, ${r.ignored} ignored (debits and unbooked entries).`;

function ImportCard() {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<StatementImportResult | null>(null);
  const importStatement = useImportStatement();
  const submit = async () => {
    if (!file) return showError(BANK_STATEMENT_MESSAGES.fileEmpty);
    if (file.size > STATEMENT_MAX_CHARS) return showError(BANK_STATEMENT_MESSAGES.fileTooLarge);
    const content = await file.text();
    importStatement.mutate(
      { fileName: file.name, content },
      { onSuccess: setResult, onError: (error) => showError(errorReason(error)) },
    );
  };
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <FileInput
          label="Bank statement"
          description="camt.053 XML as the bank exports it, or CSV with the columns date, amount, currency, reference, bank_id."
          placeholder="Choose a file"
          accept=".xml,.csv,text/xml,application/xml,text/csv"
          value={file}
          onChange={setFile}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
          maw={480}
          data-testid="statement-file"
        />
        <Button
          w="fit-content"
          leftSection={<IconFileImport size={16} aria-hidden />}
          onClick={() => void submit()}
          loading={importStatement.isPending}
          data-testid="statement-import"
        >
          Import
        </Button>
        {result ? (
          <Notice color="teal" title="Statement imported" data-testid="statement-result">
            <Text size="sm">{importSummary(result)}</Text>
          </Notice>
        ) : null}
      </Stack>
    </Card>
  );
}

type Deciding = { line: StatementLine; action: 'match' | 'handled' } | null;

function DecisionModal({ deciding, onClose }: { deciding: Deciding; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [paymentId, setPaymentId] = useState(deciding?.line.deposit?.id ?? '');
  const [touched, setTouched] = useState(false);
  const resolve = useResolveStatementLine();
  if (!deciding) return null;
  const { line, action } = deciding;
  const noteError = touched && !note.trim() ? BANK_STATEMENT_MESSAGES.noteRequired : null;
  const confirm = () => {
    if (action === 'handled' && !note.trim()) return setTouched(true);
    const input =
      action === 'match'
        ? ({ id: line.id, action: 'match', paymentId: paymentId.trim() } as const)
        : ({ id: line.id, action: 'handled', note: note.trim() } as const);
    resolve.mutate(input, {
      onSuccess: (result) => {
        showSuccess('output' in result ? result.output : 'A second operator must approve this.');
        onClose();
      },
      onError: (error) => showError(errorReason(error)),
    });
  };
  return (
    <Modal opened onClose={onClose} title={action === 'match' ? 'Match to deposit' : 'Mark as handled outside'}>
      <Stack gap="sm">
        <Text size="sm">
          {amountOf(line)} booked {formatDate(line.bookedOn)}, “{line.remittance ?? 'no reference'}”.
        </Text>
        {action === 'match' ? (
          <TextInput
            label="Deposit id"
            description="The pending bank deposit (pay_…) whose total is exactly this amount in euros; it is credited once."
            value={paymentId}
            onChange={(e) => setPaymentId(e.currentTarget.value)}
            data-autofocus
            data-testid="statement-deposit"
          />
        ) : (
          <Textarea
            label="Note"
            description="How the transfer was handled: returned to the sender, credited by hand…"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={noteError}
            maxLength={500}
            rows={3}
            data-autofocus
            data-testid="statement-note"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={resolve.isPending} data-testid="statement-confirm">
            {action === 'match' ? 'Match to deposit' : 'Mark as handled'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * /admin/bank-statements/ (docs/product/billing.md#bank-statements): import the bank's
 * statement; the lines that credited nothing wait here until an operator matches one to a
 * deposit of the same total, or marks it handled outside with a note.
 */
export function BankStatementsPage() {
  const lines = useWaitingStatementLines();
  const [deciding, setDeciding] = useState<Deciding>(null);
  const columns: Column<StatementLine>[] = [
    { key: 'remittance', header: 'Reference', value: (l) => l.remittance ?? '—', role: 'primary' },
    { key: 'booked', header: 'Booked', value: (l) => l.bookedOn, render: (l) => formatDate(l.bookedOn) },
    { key: 'amount', header: 'Amount', value: (l) => Number(l.amountMicros), render: amountOf, align: 'right' },
    {
      key: 'reason',
      header: 'Why it waits',
      value: (l) => (l.reason ? STATEMENT_LINE_REASON_LABELS[l.reason] : ''),
      // A sentence, not a status: plain text that wraps like text (a badge of five lines is a blob).
      render: (l) => (
        <Text size="sm" data-testid="statement-reason">
          {l.reason ? STATEMENT_LINE_REASON_LABELS[l.reason] : 'Waiting'}
        </Text>
      ),
    },
    {
      key: 'deposit',
      header: 'Deposit',
      value: (l) => (l.deposit ? `${l.deposit.email} ${formatMicros(l.deposit.totalMicros)}` : '—'),
      // An email is one long word: it breaks anywhere rather than widen the table past the page.
      render: (l) =>
        l.deposit ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {l.deposit.email}
            <br />
            {formatMicros(l.deposit.totalMicros)}
          </Text>
        ) : (
          '—'
        ),
    },
    { key: 'bankId', header: 'Bank id', value: (l) => l.bankEntryId },
    {
      key: 'actions',
      header: 'Actions',
      role: 'actions',
      render: (l) => (
        <Group gap="xs" wrap="nowrap">
          {l.currency === 'EUR' ? (
            <Button
              size="xs"
              onClick={() => setDeciding({ line: l, action: 'match' })}
              data-testid="statement-match"
              aria-label={`Match ${l.remittance ?? l.bankEntryId} to a deposit`}
            >
              Match
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="default"
            onClick={() => setDeciding({ line: l, action: 'handled' })}
            data-testid="statement-handled"
            aria-label={`Mark ${l.remittance ?? l.bankEntryId} as handled outside`}
          >
            Handled
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="lg">
      <PageHeader title="Bank Statements" />
      <ImportCard />
      <DataTable<StatementLine>
        label="Statement lines waiting for a decision"
        columns={columns}
        rows={lines.data?.items ?? []}
        rowKey={(l) => String(l.id)}
        state={queryState(lines, 'We could not load the statement lines')}
        emptyText="No statement line is waiting for a decision."
        rowProps={(l) => ({ 'data-testid': 'statement-line', 'data-line': l.id })}
      />
      <DecisionModal key={deciding?.line.id ?? 0} deciding={deciding} onClose={() => setDeciding(null)} />
    </Stack>
  );
}
