import { Button, Card, Grid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { paths } from '@cryptads/contract/paths';
import { useOrders } from '../api/get-orders';
import { LoadError } from '../components/load-error';
import { OrderDetail } from '../components/order-detail';
import { OrderList } from '../components/order-list';
import { PaymentReturnBanner } from '../components/payment-return-banner';

/** 'No orders available' with the empty-orders panel (docs/product/marketplace.md#orders). */
function NoOrders() {
  return (
    <Card withBorder radius="md" padding="xl" data-testid="orders-empty">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconReceipt size={28} />
        </ThemeIcon>
        <Text fw={600} size="lg">
          {M.noOrders}
        </Text>
        <Text c="dimmed" maw={420}>
          Orders you place from your cart, your wishlist or a package appear here, with their payment and delivery.
        </Text>
        <Button component={Link} to={paths.marketplace.browse} mt="xs">
          {M.browseListings}
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * My Orders (docs/product/marketplace.md#orders): the searchable list on the left, the order on the right; without
 * an id the newest order opens. Back from a payment page (?payment=success) a banner says
 * so, and closing it leaves /orders/{unique}/.
 */
export function OrdersPage() {
  const { unique } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const orders = useOrders();
  const returned = search.get('payment');
  const outcome = returned === 'success' || returned === 'canceled' ? returned : null;
  const paid = outcome === 'success';

  if (orders.isPending)
    return (
      <Grid gap="lg" aria-busy="true" data-testid="orders-loading">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton h={240} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton h={320} radius="md" />
        </Grid.Col>
      </Grid>
    );
  if (orders.isError)
    return (
      <LoadError
        title="Your orders could not be loaded"
        error={orders.error}
        onRetry={() => void orders.refetch()}
        retrying={orders.isFetching}
      />
    );

  const list = orders.data.order.flatMap((key) => {
    const order = orders.data.orders[key];
    return order ? [order] : [];
  });
  const first = list[0];
  if (!unique && first)
    return <Navigate to={`${paths.marketplace.order(first.unique)}${outcome ? `?payment=${outcome}` : ''}`} replace />;

  return (
    <Stack gap="md" data-testid="orders-page">
      {outcome ? (
        <PaymentReturnBanner
          outcome={outcome}
          onClose={() =>
            void navigate(unique ? paths.marketplace.order(unique) : paths.marketplace.orders, { replace: true })
          }
        />
      ) : null}
      {list.length === 0 ? (
        <NoOrders />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <OrderList orders={list} current={unique} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {unique ? <OrderDetail key={unique} unique={unique} watchPayment={paid} /> : null}
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
