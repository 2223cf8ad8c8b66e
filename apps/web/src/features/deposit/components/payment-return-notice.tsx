import { CloseButton, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { DEPOSIT_MESSAGES } from '@cryptads/contract/deposit-messages';
import { errorReason } from '../../../lib/api-client';
import { Notice } from '../../../ui/notice';
import { isOpenPayment, usePaymentReturn, useRefreshAfterPayment } from '../api/payment';

/**
 * Back from a payment page (docs/product/billing.md#payments: the URL carries payment=success): the payment is
 * read again at the provider and the screen says what happened. Back without paying
 * (payment=canceled) gives up a payment the provider has not seen paid.
 */
export function PaymentReturnNotice({
  paymentId,
  outcome,
  onDismiss,
}: {
  paymentId: string;
  outcome: 'success' | 'canceled';
  onDismiss: () => void;
}) {
  const payment = usePaymentReturn(paymentId, outcome === 'success' ? 'check' : 'cancel');
  const refresh = useRefreshAfterPayment();
  const state = payment.data?.state;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again once the payment's state is known or changes.
  useEffect(() => {
    if (state) void refresh();
  }, [state]);

  const close = <CloseButton aria-label="Dismiss the payment message" onClick={onDismiss} size="sm" />;
  if (payment.isPending)
    return (
      <Notice color="blue" icon={<Loader size={16} />} title="Checking your payment" data-testid="payment-return">
        <Text size="sm">One moment…</Text>
      </Notice>
    );
  if (payment.isError)
    return (
      <Notice
        color="red"
        icon={<IconAlertTriangle size={18} />}
        title="We could not check your payment"
        role="alert"
        data-testid="payment-return"
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm">{errorReason(payment.error)}</Text>
          {close}
        </Group>
      </Notice>
    );
  const row = payment.data;
  const [color, icon, title, text] =
    row.state === 'paid'
      ? ([
          'teal',
          <IconCircleCheck key="i" size={18} />,
          'Payment successful',
          DEPOSIT_MESSAGES.paymentSucceeded,
        ] as const)
      : isOpenPayment(row)
        ? ([
            'blue',
            <IconClock key="i" size={18} />,
            'Payment being confirmed',
            DEPOSIT_MESSAGES.paymentPending,
          ] as const)
        : ([
            'orange',
            <IconAlertTriangle key="i" size={18} />,
            'Payment not completed',
            DEPOSIT_MESSAGES.paymentNotCompleted,
          ] as const);
  return (
    <Notice color={color} icon={icon} title={title} role="status" data-testid="payment-return" data-state={row.state}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm">{text}</Text>
        {close}
      </Group>
    </Notice>
  );
}
