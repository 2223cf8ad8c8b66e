import { Badge } from '@mantine/core';
import {
  ITEM_STATE_LABELS,
  type ItemState,
  OrderStatus,
  orderStatusLabel,
} from '@cryptads/contract/marketplace-messages';

/**
 * Dot badges: the colour sits in the dot and the label keeps the text colour, so every state
 * reads at AA contrast in both colour schemes.
 */
const ITEM_COLOR: Record<ItemState, string> = {
  pending: 'yellow',
  accepted: 'blue',
  delivered: 'grape',
  completed: 'teal',
  denied: 'red',
  expired: 'red',
};

/** An order item's fulfilment state (docs/product/marketplace.md#selling: Pending, Completed, Denied, and our steps between). */
export function ItemStateBadge({ state }: { state: ItemState }) {
  return (
    <Badge variant="dot" color={ITEM_COLOR[state]} data-testid="item-state" data-state={state}>
      {ITEM_STATE_LABELS[state]}
    </Badge>
  );
}

/** A listing that can no longer be ordered (wishlist and cart rows). */
export function UnavailableBadge() {
  return (
    <Badge variant="dot" color="gray" data-testid="item-state" data-state="unavailable">
      Unavailable
    </Badge>
  );
}

const ORDER_COLOR: Record<number, string> = {
  [OrderStatus.Pending]: 'yellow',
  [OrderStatus.Completed]: 'teal',
  [OrderStatus.Processing]: 'blue',
  [OrderStatus.Denied]: 'red',
};

/** An order's payment status with the product's labels ('Waiting Payment', 'Completed'...). */
export function OrderStatusBadge({ status }: { status: number }) {
  return (
    <Badge variant="dot" color={ORDER_COLOR[status] ?? 'gray'} data-testid="order-status" data-status={status}>
      {orderStatusLabel(status)}
    </Badge>
  );
}
