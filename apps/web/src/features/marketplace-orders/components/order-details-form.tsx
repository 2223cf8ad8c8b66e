import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { type OrderFormInput, OrderFormSchema } from '@cryptads/contract/marketplace';
import { MARKETPLACE_LIMITS as L, MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { paths } from '@cryptads/contract/paths';
import { errorReason } from '../../../lib/api-client';
import { showError, showSuccess } from '../../../ui/status-store';
import { useCreateOrder } from '../api/create-order';

type Output = { email: string; livechat: string; targetUrl: string };
const resolver = zodResolver(OrderFormSchema);

/**
 * Order Details (docs/product/marketplace.md#orders): the email (the account's, changeable; required, at most 50),
 * a Telegram or Skype account (optional, sent as livechat), and ours: the page the placements
 * should link to, which lets the server check delivered links. Orders the `listings` given.
 */
export function OrderDetailsForm({
  email,
  listings,
  from,
}: {
  /** The account's email, prefilled. */
  email: string;
  /** The listings this submit orders (the available ones). */
  listings: string[];
  from: 'cart' | 'wishlist';
}) {
  const navigate = useNavigate();
  const create = useCreateOrder(from);
  const form = useForm<OrderFormInput, unknown, Output>({
    resolver,
    defaultValues: { email, livechat: '', targetUrl: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const errors = form.formState.errors;
  const nothing = listings.length === 0;

  const onSubmit = async (values: Output) => {
    try {
      await create.mutateAsync({ ...values, listings });
      showSuccess(M.orderSubmitted);
      void navigate(paths.marketplace.orders);
    } catch (error) {
      showError(errorReason(error));
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="order-form">
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate aria-labelledby="order-details-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="order-details-title">
            Order Details
          </Title>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            withAsterisk
            maxLength={L.orderEmailMax}
            error={errors.email?.message}
            data-testid="order-email"
            {...form.register('email')}
          />
          <TextInput
            label="Telegram or Skype account"
            placeholder="@yourname"
            maxLength={L.orderLivechatMax}
            error={errors.livechat?.message}
            data-testid="order-livechat"
            {...form.register('livechat')}
          />
          <TextInput
            label="Page to promote"
            placeholder="https://"
            description="The page the placements should link to; we check each delivered link against it."
            type="url"
            error={errors.targetUrl?.message}
            data-testid="order-target-url"
            {...form.register('targetUrl')}
          />
          {nothing ? (
            <Text size="sm" c="dimmed" data-testid="order-nothing">
              {M.cartEmptyOrder}
            </Text>
          ) : null}
          <Button type="submit" loading={form.formState.isSubmitting} disabled={nothing} data-testid="order-submit">
            {listings.length > 0 ? `Submit Order (${listings.length})` : 'Submit Order'}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
