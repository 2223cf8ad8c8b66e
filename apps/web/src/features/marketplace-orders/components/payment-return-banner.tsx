import { CloseButton, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { Notice } from '../../../ui/notice';

/**
 * Back from a payment page (docs/product/marketplace.md#paying-an-order): ?payment=success says the payment was received;
 * ?payment=canceled (the page's cancel) says the order still waits for payment.
 */
export function PaymentReturnBanner({ outcome, onClose }: { outcome: 'success' | 'canceled'; onClose: () => void }) {
  const paid = outcome === 'success';
  return (
    <Notice
      color={paid ? 'teal' : 'orange'}
      icon={paid ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
      role="status"
      data-testid={paid ? 'payment-success' : 'payment-canceled'}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm">
          {paid
            ? M.paymentSuccess
            : 'The payment was not completed. The order still waits for payment: you can pay it again.'}
        </Text>
        <CloseButton aria-label="Close the payment message" onClick={onClose} size="sm" />
      </Group>
    </Notice>
  );
}
