import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useState } from 'react';
import { BILLING_MESSAGES, isWholeCents } from '@cryptads/contract/billing-messages';
import { BANK_DEPOSIT_MIN_EUROS, bankDepositAmountError, DEPOSIT_MESSAGES } from '@cryptads/contract/deposit-messages';
import type { BankTransferDetails } from '@cryptads/contract/deposits';
import { formatEuros } from '@cryptads/contract/money';
import { errorReason } from '../../../lib/api-client';
import { Notice } from '../../../ui/notice';
import { showError } from '../../../ui/status-store';
import { useBankTransferDetails } from '../api/get-bank-transfer';
import { useStartBankDeposit } from '../api/start-bank-deposit';
import { formatPercent, parseAmount } from '../methods';
import { AmountField } from './amount-field';
import { type BankDetailRow, BankDetailsTable, groupIban } from './bank-details-table';

type Details = BankTransferDetails;
type Waiting = NonNullable<Details['deposit']>;

/** The rows of a waiting deposit: the account to pay into, the reference, the exact amount. */
function rowsOf(bank: NonNullable<Details['bank']>, deposit: Waiting): BankDetailRow[] {
  const rows: BankDetailRow[] = [
    { key: 'beneficiary', label: 'Account holder', shown: bank.beneficiary, copied: bank.beneficiary },
    { key: 'iban', label: 'IBAN', shown: groupIban(bank.iban), copied: bank.iban },
    { key: 'bic', label: 'BIC / SWIFT', shown: bank.bic, copied: bank.bic },
  ];
  if (bank.bankName) rows.push({ key: 'bank', label: 'Bank', shown: bank.bankName, copied: bank.bankName });
  if (bank.bankAddress)
    rows.push({ key: 'bank-address', label: 'Bank address', shown: bank.bankAddress, copied: bank.bankAddress });
  rows.push(
    { key: 'reference', label: 'Reference', shown: deposit.reference, copied: deposit.reference, strong: true },
    {
      key: 'amount',
      label: 'Amount',
      shown: formatEuros(deposit.total),
      copied: deposit.total.toFixed(2),
      strong: true,
      hint:
        deposit.vat > 0
          ? `${formatEuros(deposit.amount)} + ${formatEuros(deposit.vat)} VAT (${formatPercent((deposit.vat / deposit.amount) * 100)})`
          : undefined,
    },
  );
  return rows;
}

function AnnounceForm({ vatPercent, again }: { vatPercent: number; again: boolean }) {
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const start = useStartBankDeposit();
  const amount = parseAmount(text);
  const rule =
    amount === null
      ? BILLING_MESSAGES.fillInField
      : !isWholeCents(amount)
        ? BILLING_MESSAGES.depositAmountInvalid
        : bankDepositAmountError(amount);
  const vat = vatPercent > 0 ? `, plus ${formatPercent(vatPercent)} VAT` : '';
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (rule || amount === null) return;
        start.mutate(amount, {
          onSuccess: () => {
            setText('');
            setTouched(false);
          },
          onError: (error) => showError(errorReason(error)),
        });
      }}
    >
      <Stack gap="sm">
        {again ? (
          <Text size="sm" fw={600}>
            Another transfer
          </Text>
        ) : null}
        <AmountField
          value={text}
          onChange={setText}
          onBlur={() => setTouched(true)}
          error={touched ? rule : null}
          description={`Minimum ${formatEuros(BANK_DEPOSIT_MIN_EUROS, 0)}${vat}. You get our account, a reference and the exact amount to send.`}
        />
        <Button
          type="submit"
          loading={start.isPending}
          leftSection={<IconBuildingBank size={16} aria-hidden />}
          w="fit-content"
          variant={again ? 'default' : 'filled'}
          data-testid="bank-start"
        >
          Get bank details
        </Button>
      </Stack>
    </form>
  );
}

/**
 * Bank Transfer (docs/product/billing.md#bank-transfer): the customer says how much, and gets
 * our account, a reference of this deposit and the exact amount with VAT; the deposit is
 * credited when the bank statement shows that reference and that amount (1 to 5 business
 * days, up to 14).
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
  const { bank, reference, vatPercent, deposit } = details.data;
  if (!bank)
    return (
      <Stack gap="md" data-testid="bank-transfer">
        <Notice color="blue" title="Bank transfer" data-testid="bank-not-configured">
          <Text size="sm">{DEPOSIT_MESSAGES.bankNotConfigured}</Text>
        </Notice>
        <BankDetailsTable rows={[{ key: 'reference', label: 'Reference', shown: reference, copied: reference }]} />
      </Stack>
    );
  return (
    <Stack gap="md" data-testid="bank-transfer">
      {deposit ? (
        <>
          <Text size="sm">
            Send exactly <strong>{formatEuros(deposit.total)}</strong> to this account with the reference{' '}
            <strong>{deposit.reference}</strong>, so that we know the money is yours.
          </Text>
          <BankDetailsTable rows={rowsOf(bank, deposit)} />
          <Text size="sm" c="dimmed" data-testid="bank-timing">
            {DEPOSIT_MESSAGES.bankTiming} Your balance is credited when it is on our account.
          </Text>
        </>
      ) : null}
      <AnnounceForm vatPercent={vatPercent} again={deposit !== null} />
    </Stack>
  );
}
