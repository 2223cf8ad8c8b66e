import { Button, Group, Modal, Radio, Stack, Table, Text } from '@mantine/core';
import { IconCoinBitcoin, IconCreditCard, IconWallet } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { OrderDetail } from '@cryptads/contract/marketplace';
import type { OrderPayMethod } from '@cryptads/contract/marketplace-messages';
import { MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { formatEuros } from '@cryptads/contract/money';
import { UI_MESSAGES } from '@cryptads/contract/ui';
import { errorReason, isApiError } from '../../../lib/api-client';
import { showStatus, showSuccess } from '../../../ui/status-store';
import { usePayOrder } from '../api/pay-order';

/** Leaves for the payment page (a full navigation: the provider's page is another site). */
export const leaveFor = (url: string) => window.location.assign(url);

type Option = {
  method: OrderPayMethod;
  label: string;
  icon: ReactNode;
  rows: [string, number][];
  total: number;
  disabled: boolean;
  note?: string;
};

function options(order: OrderDetail): Option[] {
  const { wallet, crypto, card } = order.payOptions;
  return [
    {
      method: 'wallet',
      label: 'Balance',
      icon: <IconWallet size={18} aria-hidden />,
      rows: [],
      total: wallet.total,
      disabled: !wallet.enabled,
      note: wallet.enabled ? 'Paid at once from your balance.' : M.walletShort,
    },
    {
      method: 'crypto',
      label: 'Cryptocurrency',
      icon: <IconCoinBitcoin size={18} aria-hidden />,
      rows: [
        ['Order', order.price],
        ['Processing fee', crypto.fee],
        ['VAT', crypto.vat],
      ],
      total: crypto.total,
      disabled: false,
    },
    {
      method: 'card',
      label: 'Card',
      icon: <IconCreditCard size={18} aria-hidden />,
      rows: [
        ['Order', order.price],
        ...(card.fee > 0 ? ([['Card fee', card.fee]] as [string, number][]) : []),
        ['VAT', card.vat],
      ],
      total: card.total,
      disabled: false,
    },
  ];
}

function Breakdown({ option }: { option: Option }) {
  return (
    <Table
      withRowBorders={false}
      verticalSpacing={2}
      horizontalSpacing={0}
      data-testid={`pay-breakdown-${option.method}`}
    >
      <Table.Tbody>
        {option.rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" fw={400} c="dimmed">
              {label}
            </Table.Th>
            <Table.Td ta="right" className="tabular">
              {formatEuros(value)}
            </Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th scope="row">Total</Table.Th>
          <Table.Td ta="right" fw={700} className="tabular" data-testid={`pay-total-${option.method}`}>
            {formatEuros(option.total)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/**
 * A failed pay call: 'Something went wrong!' with the server's reason. A refusal of the
 * account itself (a publisher: docs/product/marketplace.md#roles) cannot be tried again, so its button is Close.
 */
export function showPayError(error: unknown) {
  const refused = isApiError(error) && error.status === 403;
  showStatus({
    type: 'error',
    title: UI_MESSAGES.errorTitle,
    info: errorReason(error),
    buttonCaption: refused ? 'Close' : UI_MESSAGES.errorButton,
  });
}

/**
 * Pay Now (docs/product/marketplace.md#paying-an-order): Balance (selectable only when it covers the order), Cryptocurrency
 * or Card, each with its total, fee and VAT. The balance pays at once; crypto and card send the
 * browser to the payment page, which comes back with ?payment=success.
 */
export function PayModal({ order, opened, onClose }: { order: OrderDetail; opened: boolean; onClose: () => void }) {
  const all = options(order);
  const [method, setMethod] = useState<OrderPayMethod>(order.payOptions.wallet.enabled ? 'wallet' : 'crypto');
  const pay = usePayOrder(order.unique);
  const chosen = all.find((o) => o.method === method) ?? all[1];
  // After a redirect answer the spinner stays until the browser leaves.
  const busy = pay.isPending || (pay.isSuccess && !pay.data.paid);

  // mutateAsync: paying re-renders the order without Pay Now, which unmounts this modal before
  // a mutate() callback would run; the awaited promise still settles.
  const submit = async () => {
    try {
      const outcome = await pay.mutateAsync(method);
      if (!outcome.paid) return leaveFor(outcome.url);
      onClose();
      showSuccess(M.orderPaid);
    } catch (error) {
      onClose();
      showPayError(error);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Pay Now" centered size="md" data-testid="pay-modal">
      <Stack gap="md">
        <Radio.Group
          value={method}
          onChange={(value) => setMethod(value as OrderPayMethod)}
          label="How would you like to pay?"
        >
          <Stack gap="sm" mt="xs">
            {all.map((option) => (
              <Radio.Card
                key={option.method}
                value={option.method}
                disabled={option.disabled}
                radius="md"
                p="sm"
                withBorder
                data-testid={`pay-option-${option.method}`}
                style={option.disabled ? { opacity: 0.7, cursor: 'not-allowed' } : undefined}
              >
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator disabled={option.disabled} mt={2} />
                  <Stack gap={4} style={{ flex: 1 }}>
                    <Group justify="space-between" wrap="nowrap">
                      <Group gap={6} wrap="nowrap">
                        {option.icon}
                        <Text fw={600}>{option.label}</Text>
                      </Group>
                      <Text fw={700} className="tabular">
                        {formatEuros(option.total)}
                      </Text>
                    </Group>
                    {option.note ? (
                      <Text size="xs" c="dimmed">
                        {option.note}
                      </Text>
                    ) : null}
                    {option.method === method && option.rows.length > 0 ? <Breakdown option={option} /> : null}
                  </Stack>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Go Back
          </Button>
          <Button onClick={() => void submit()} loading={busy} data-testid="pay-submit">
            {chosen ? `Pay ${formatEuros(chosen.total)}` : 'Pay'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
