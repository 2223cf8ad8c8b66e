import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { formatEuros } from '@cryptads/contract/money';

/**
 * A listing's price: with a discount, the price struck through, the percentage and the price
 * the buyer pays; screen readers hear which is which instead of two bare amounts.
 */
export function ListingPrice({
  price,
  discount,
  finalPrice,
  size = 'md',
}: {
  price: number;
  discount: number;
  finalPrice: number;
  size?: 'md' | 'lg' | 'xl';
}) {
  if (discount <= 0)
    return (
      <Text fw={700} size={size} className="tabular" data-testid="listing-price" data-final-price={finalPrice}>
        {formatEuros(finalPrice)}
      </Text>
    );
  return (
    <Group gap={6} wrap="wrap" align="baseline" data-testid="listing-price" data-final-price={finalPrice}>
      <Text fw={700} size={size} className="tabular" data-testid="listing-final-price">
        <VisuallyHidden>Price after discount: </VisuallyHidden>
        {formatEuros(finalPrice)}
      </Text>
      <Text size="sm" c="dimmed" td="line-through" className="tabular" data-testid="listing-original-price">
        <VisuallyHidden>Price before discount: </VisuallyHidden>
        {formatEuros(price)}
      </Text>
      {/* White on teal-9 keeps 4.9:1 (green-9 falls to 4.4:1). */}
      <Badge size="sm" color="teal.9" variant="filled">
        −{discount}%
      </Badge>
    </Group>
  );
}
