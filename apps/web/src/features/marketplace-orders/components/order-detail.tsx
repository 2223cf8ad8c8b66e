import { Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconClock, IconCreditCard, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { OrderDetail as Order } from '@cryptads/contract/marketplace';
import { MARKETPLACE_MESSAGES as M, OrderStatus } from '@cryptads/contract/marketplace-messages';
import { formatEuros } from '@cryptads/contract/money';
import { paths } from '@cryptads/contract/paths';
import { errorReason } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { Notice } from '../../../ui/notice';
import { showError, showSuccess } from '../../../ui/status-store';
import { useCancelOrder } from '../api/cancel-order';
import { useOrder } from '../api/get-order';
import { usePayNow } from '../api/pay-now';
import { BillingIncomplete } from './billing-incomplete';
import { LoadError } from './load-error';
import { OrderItemCard } from './order-item-card';
import { PayModal, showPayError } from './pay-modal';
import { OrderStatusBadge } from './state-badge';

const PAID_BY = { wallet: 'Balance', crypto: 'Cryptocurrency', card: 'Card' } as const;

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * Pay Now and Cancel Order: only an order waiting payment shows them (docs/product/marketplace.md#orders).
 * Pay Now asks the server first: the ways to pay open with the options as they stand now, and a
 * publisher reads why they cannot shop at once, before choosing any (docs/product/marketplace.md#roles).
 */
function PendingActions({ order }: { order: Order }) {
  // The order as Pay Now answered it: the ways to pay open with these options.
  const [paying, setPaying] = useState<Order | null>(null);
  const [canceling, setCanceling] = useState(false);
  const cancel = useCancelOrder(order.unique);
  const payNow = usePayNow(order.unique);
  const startPaying = async () => {
    try {
      setPaying(await payNow.mutateAsync());
    } catch (error) {
      showPayError(error);
    }
  };
  return (
    <Group gap="sm">
      <Button
        leftSection={<IconCreditCard size={16} aria-hidden />}
        onClick={() => void startPaying()}
        loading={payNow.isPending}
        data-testid="pay-now"
      >
        Pay Now
      </Button>
      <Button
        variant="default"
        leftSection={<IconX size={16} aria-hidden />}
        onClick={() => setCanceling(true)}
        loading={cancel.isPending}
        data-testid="cancel-order"
      >
        Cancel Order
      </Button>
      {paying ? <PayModal order={paying} opened onClose={() => setPaying(null)} /> : null}
      <ConfirmModal
        opened={canceling}
        title={M.cancelConfirm}
        message={`Order ${order.unique} will be canceled; nothing has been paid for it.`}
        confirmLabel="Cancel Order"
        cancelLabel="Go Back"
        loading={cancel.isPending}
        onClose={() => setCanceling(false)}
        onConfirm={async () => {
          // Awaited rather than a mutate() callback: the canceled order drops these actions at once.
          try {
            await cancel.mutateAsync();
            setCanceling(false);
            showSuccess(M.orderCanceled);
          } catch (error) {
            setCanceling(false);
            showError(errorReason(error));
          }
        }}
      />
    </Group>
  );
}

/** The right side of My Orders: the order, its actions and its items. */
export function OrderDetail({ unique, watchPayment }: { unique: string; watchPayment: boolean }) {
  const query = useOrder(unique, watchPayment);
  if (query.isPending)
    return (
      <Stack gap="sm" aria-busy="true" data-testid="order-loading">
        <Skeleton h={160} radius="md" />
        <Skeleton h={120} radius="md" />
      </Stack>
    );
  if (query.isError)
    return (
      <LoadError
        title="This order could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const order = query.data;
  if (!order.billingComplete) return <BillingIncomplete />;

  return (
    <Stack gap="md" data-testid="order-detail" data-order={order.unique}>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={2}>
              <Title order={2} size="h4">
                Order {order.unique}
              </Title>
              <Text size="sm" c="dimmed">
                {formatDateTime(order.date)}
              </Text>
            </Stack>
            <OrderStatusBadge status={order.status} />
          </Group>
          <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm">
            <Field label="Total" testId="order-total">
              <span className="tabular">{formatEuros(order.price)}</span>
            </Field>
            <Field label="Items">{order.items}</Field>
            <Field label="Email">{order.email}</Field>
            <Field label="Telegram or Skype">{order.livechat || '—'}</Field>
            <Field label="Page to promote">
              {order.targetUrl ? (
                <Anchor href={order.targetUrl} target="_blank" rel="noopener noreferrer" size="sm">
                  {order.targetUrl}
                </Anchor>
              ) : (
                '—'
              )}
            </Field>
            {order.package ? (
              <Field label="Package">
                <Anchor component={Link} to={paths.marketplace.package(order.package.unique)} size="sm">
                  {order.package.title}
                </Anchor>
              </Field>
            ) : null}
            {order.paymentMethod && order.paidAt ? (
              <Field label="Paid" testId="order-paid">
                {`${PAID_BY[order.paymentMethod]}, ${formatDateTime(order.paidAt)}`}
              </Field>
            ) : null}
          </SimpleGrid>
          {order.status === OrderStatus.Pending ? <PendingActions order={order} /> : null}
          {order.status === OrderStatus.Processing ? (
            <Notice color="blue" icon={<IconClock size={18} />} title="Payment being confirmed">
              <Text size="sm">
                Your payment has been started; this order is paid as soon as the payment provider confirms it.
              </Text>
            </Notice>
          ) : null}
        </Stack>
      </Card>
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Items of this order">
        {order.listings.map((item) => (
          <OrderItemCard key={item.id} order={order.unique} item={item} />
        ))}
      </Stack>
    </Stack>
  );
}
