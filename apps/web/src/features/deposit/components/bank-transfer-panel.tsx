import { ActionIcon, Button, CopyButton, Group, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { DEPOSIT_LIMITS } from '@cryptads/contract/billing-messages';
import { DEPOSIT_MESSAGES } from '@cryptads/contract/deposit-messages';
import { eurosToMicros, formatEuros, microsToEuros, vatOnNet } from '@cryptads/contract/money';
import { errorReason } from '../../../lib/api-client';
import { Notice } from '../../../ui/notice';
import { useBankTransferDetails } from '../api/get-bank-transfer';
import { formatPercent } from '../methods';

/** docs/product/limits.md#billing: copy feedback lasts one second. */
const COPY_FEEDBACK_MS = 1000;

function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={COPY_FEEDBACK_MS}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : `Copy ${label}`} withArrow position="left">
          <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={`Copy ${label}`}>
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/**
 * Bank Transfer (docs/product/billing.md#deposits; docs/product/limits.md#billing): our bank details and this account's reference, which
 * tells us whose money arrived; we credit it once it is on our account (1 to 5 business
 * days, up to 14). VAT is included in what is sent.
 */
export function BankTransferPanel() {
  const details = useBankTransferDetails();
  if (details.isPending) return <Skeleton h={220} radius="md" />;
  if (details.isError)
    return (
      <Notice color="red" role="alert" title="We could not load the bank details">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorReason(details.error)}</Text>
          <Button size="xs" variant="default" onClick={() => void details.refetch()} loading={details.isFetching}>
            Try again
          </Button>
        </Stack>
      </Notice>
    );
  const { bank, reference, vatPercent } = details.data;
  const minimum = eurosToMicros(DEPOSIT_LIMITS.minEuros);
  const minimumToSend = formatEuros(microsToEuros(minimum + vatOnNet(minimum, vatPercent)));
  const rows: [string, string, string][] = bank
    ? [
        ['Beneficiary', bank.beneficiary, 'beneficiary'],
        ['IBAN', bank.iban, 'iban'],
        ['BIC / SWIFT', bank.bic, 'bic'],
        ...(bank.bankName ? ([['Bank', bank.bankName, 'bank']] as [string, string, string][]) : []),
        ['Address', bank.address, 'address'],
        ['Reference', reference, 'reference'],
      ]
    : [['Reference', reference, 'reference']];

  return (
    <Stack gap="md" data-testid="bank-transfer">
      {bank ? null : (
        <Notice color="blue" title="Bank transfer" data-testid="bank-not-configured">
          <Text size="sm">{DEPOSIT_MESSAGES.bankNotConfigured}</Text>
        </Notice>
      )}
      <Table withTableBorder verticalSpacing="xs" data-testid="bank-details">
        <Table.Tbody>
          {rows.map(([label, value, key]) => (
            <Table.Tr key={key}>
              <Table.Th scope="row" w={130}>
                {label}
              </Table.Th>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Text
                    size="sm"
                    fw={key === 'reference' ? 700 : 400}
                    style={{ wordBreak: 'break-word' }}
                    data-testid={`bank-${key}`}
                  >
                    {value}
                  </Text>
                  <CopyValue value={value} label={label} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={4}>
        <Text size="sm">
          Write the reference <strong>{reference}</strong> on your transfer so that we know the money is yours.
        </Text>
        <Text size="sm" c="dimmed">
          {vatPercent > 0
            ? `Send at least ${minimumToSend} (the minimum deposit of ${formatEuros(DEPOSIT_LIMITS.minEuros, 0)} plus ${formatPercent(vatPercent)} VAT); VAT is included in what you send.`
            : `Send at least ${minimumToSend}.`}{' '}
          Bank deposits take 1 to 5 business days to arrive, up to 14.
        </Text>
      </Stack>
    </Stack>
  );
}
