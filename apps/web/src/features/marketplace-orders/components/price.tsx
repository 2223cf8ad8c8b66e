import { Group, Text, VisuallyHidden } from '@mantine/core';
import { formatEuros } from '@cryptads/contract/money';

/** What the buyer pays, with the price before the discount struck through when there is one. */
export function Price({ price, finalPrice, discount }: { price: number; finalPrice: number; discount: number }) {
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end" className="tabular">
      {discount > 0 ? (
        <Text component="s" size="sm" c="dimmed" data-testid="price-original">
          <VisuallyHidden>Was </VisuallyHidden>
          {formatEuros(price)}
        </Text>
      ) : null}
      <Text fw={700} data-testid="price-final">
        {discount > 0 ? <VisuallyHidden>Now </VisuallyHidden> : null}
        {formatEuros(finalPrice)}
      </Text>
    </Group>
  );
}
