import { Anchor, Button, Card, Grid, Group, List, Skeleton, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconShoppingBag } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  categoryName,
  MARKETPLACE_LIMITS as L,
  MARKETPLACE_MESSAGES as M,
  PACKAGE_TYPES,
} from '@cryptads/contract/marketplace-messages';
import { formatEuros } from '@cryptads/contract/money';
import { paths } from '@cryptads/contract/paths';
import { errorReason } from '../../../lib/api-client';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { showError } from '../../../ui/status-store';
import { usePackage } from '../api/get-package';
import { useOrderPackage } from '../api/order-package';
import { ListingThumb } from '../components/listing-thumb';
import { LoadError } from '../components/load-error';

/** Back to Packages (docs/product/marketplace.md#packages): the browser's back when this app led here, else /packages/. */
function BackToPackages() {
  const navigate = useNavigate();
  const location = useLocation();
  // React Router names the first entry of a visit 'default': there is no page of ours to go back to.
  const hasHistory = location.key !== 'default';
  return (
    <Button
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      onClick={() => void (hasHistory ? navigate(-1) : navigate(paths.marketplace.packages))}
      w="fit-content"
      px={0}
      data-testid="back-to-packages"
    >
      Back to Packages
    </Button>
  );
}

function OrderPackageButton({ unique, title, price }: { unique: string; title: string; price: number }) {
  const navigate = useNavigate();
  const order = useOrderPackage();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        leftSection={<IconShoppingBag size={16} aria-hidden />}
        onClick={() => setAsking(true)}
        loading={order.isPending || order.isSuccess}
        data-testid="order-package"
      >
        Order
      </Button>
      <ConfirmModal
        opened={asking}
        title={M.packageConfirm}
        message={`${title} for ${formatEuros(price)}: the order waits for your payment in My Orders.`}
        confirmLabel="Submit Order"
        cancelLabel="Go Back"
        loading={order.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          order.mutate(unique, {
            onSuccess: (created) => void navigate(paths.marketplace.order(created.unique)),
            onError: (error) => {
              setAsking(false);
              showError(errorReason(error));
            },
          })
        }
      />
    </>
  );
}

/**
 * Package detail (docs/product/marketplace.md#packages): what it includes (features, attributes), its top 3 featured
 * publishers, its placements (a Show All toggle above 10), and Order after a confirmation,
 * which opens the new order.
 */
export function PackagePage() {
  const { unique = '' } = useParams();
  const query = usePackage(unique);
  const [showAll, setShowAll] = useState(false);

  if (query.isPending)
    return (
      <Stack gap="md" aria-busy="true" data-testid="package-loading">
        <Skeleton h={36} w={160} />
        <Skeleton h={200} radius="md" />
      </Stack>
    );
  if (query.isError)
    return (
      <Stack gap="md">
        <BackToPackages />
        <LoadError
          title="This package could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </Stack>
    );

  const pkg = query.data;
  const listings = showAll ? pkg.listings : pkg.listings.slice(0, L.packageShowAllAbove);
  const attributes = Object.entries(pkg.metadata.attributes);
  const featured = pkg.featuredPublishers.slice(0, L.packageFeaturedPublishers);

  return (
    <Stack gap="md" data-testid="package-page">
      <BackToPackages />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Card withBorder radius="md" padding="lg">
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  {PACKAGE_TYPES[pkg.type] ?? 'Package'}
                </Text>
                <Title order={2} size="h3" data-testid="package-title">
                  {pkg.title}
                </Title>
                {pkg.description ? <Text>{pkg.description}</Text> : null}
                {pkg.metadata.features.length > 0 ? (
                  <List
                    spacing={4}
                    icon={
                      <ThemeIcon size={20} radius="xl" color="teal.8" aria-hidden>
                        <IconCheck size={12} />
                      </ThemeIcon>
                    }
                    data-testid="package-features"
                  >
                    {pkg.metadata.features.map((f) => (
                      <List.Item key={f}>{f}</List.Item>
                    ))}
                  </List>
                ) : null}
                {attributes.length > 0 ? (
                  <Table withTableBorder={false} verticalSpacing={4} data-testid="package-attributes">
                    <Table.Tbody>
                      {attributes.map(([key, value]) => (
                        <Table.Tr key={key}>
                          <Table.Th scope="row" fw={500} c="dimmed" w="45%">
                            {key}
                          </Table.Th>
                          <Table.Td>{value}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                ) : null}
              </Stack>
            </Card>
            <Card withBorder radius="md" padding="lg">
              <Stack gap="sm">
                <Group justify="space-between">
                  <Title order={3} size="h4">
                    What is included ({pkg.listings.length})
                  </Title>
                  {pkg.listings.length > L.packageShowAllAbove ? (
                    <Button
                      variant="subtle"
                      size="xs"
                      onClick={() => setShowAll((s) => !s)}
                      data-testid="package-show-all"
                    >
                      {showAll ? 'Show Less' : 'Show All'}
                    </Button>
                  ) : null}
                </Group>
                <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} data-testid="package-listings">
                  {listings.map((l) => (
                    <Group component="li" key={l.unique} gap="sm" wrap="nowrap" data-testid="package-listing">
                      <ListingThumb src={l.image} size={40} />
                      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                        <Anchor
                          component={Link}
                          to={paths.marketplace.listing(l.unique)}
                          size="sm"
                          fw={600}
                          lineClamp={1}
                        >
                          {l.title}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {categoryName(l.category)}
                          {l.website ? ` · ${l.website}` : ''}
                        </Text>
                      </Stack>
                    </Group>
                  ))}
                </Stack>
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Card withBorder radius="md" padding="lg">
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  Package price
                </Text>
                <Text fz={28} fw={700} className="tabular" data-testid="package-price">
                  {formatEuros(pkg.price)}
                </Text>
                <OrderPackageButton unique={pkg.unique} title={pkg.title} price={pkg.price} />
              </Stack>
            </Card>
            {featured.length > 0 ? (
              <Card withBorder radius="md" padding="lg">
                <Title order={3} size="h5" mb="xs">
                  Featured publishers
                </Title>
                <Stack component="ol" gap="xs" m={0} pl="md" data-testid="featured-publishers">
                  {featured.map((p) => (
                    <li key={p.name}>
                      <Text size="sm" fw={600}>
                        {p.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {p.website && p.website !== p.name ? `${p.website} · ` : ''}
                        {p.listings} {p.listings === 1 ? 'placement' : 'placements'}
                      </Text>
                    </li>
                  ))}
                </Stack>
              </Card>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
