import { Badge, Button, Card, Grid, Group, List, Skeleton, Stack, Text, Title, Typography } from '@mantine/core';
import { IconArrowLeft, IconWorld } from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router';
import type { ListingDetail } from '@cryptads/contract/marketplace';
import { categoryName } from '@cryptads/contract/marketplace-messages';
import { paths } from '@cryptads/contract/paths';
import { isApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useListing } from '../api/get-listing';
import { BasketButtons } from '../components/basket-buttons';
import { TrustFigures } from '../components/listing-card';
import { ListingGallery } from '../components/listing-gallery';
import { ListingPrice } from '../components/listing-price';
import { ListingSpecs } from '../components/listing-specs';
import { LISTING_GONE_STATE } from '../components/listing-gone-notice';
import { LoadError } from '../components/load-error';
import classes from '../components/marketplace.module.css';
import { RecentlyViewed } from '../components/recently-viewed';
import { SimilarListings } from '../components/similar-listings';

function ContinueShopping() {
  return (
    <Button
      component={Link}
      to={paths.marketplace.listings}
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      style={{ alignSelf: 'flex-start' }}
      data-testid="continue-shopping"
    >
      Continue Shopping
    </Button>
  );
}

function DetailLoading() {
  return (
    <Grid gap="xl" aria-busy="true" data-testid="listing-loading">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Skeleton h={320} radius="md" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="sm">
          <Skeleton h={20} w="30%" />
          <Skeleton h={32} w="80%" />
          <Skeleton h={28} w="40%" />
          <Skeleton h={40} w="60%" />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function Product({ listing }: { listing: ListingDetail }) {
  const images = listing.gallery.length > 0 ? listing.gallery : [listing.image];
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <ListingGallery title={listing.title} images={images} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <Group gap={6}>
            <Badge variant="light">{categoryName(listing.category)}</Badge>
            {listing.niches.map((niche) => (
              <Badge key={niche} variant="outline" color="gray.7">
                {niche}
              </Badge>
            ))}
          </Group>
          <Title order={2} size="h2" data-testid="listing-title">
            {listing.title}
          </Title>
          <Group gap={6} c="dimmed" wrap="nowrap">
            <IconWorld size={18} aria-hidden />
            <Text size="sm">
              {listing.website ? `${listing.website} · ${listing.language}` : listing.language}
              {listing.seller === 'platform' ? ' · Sold by the network' : ''}
            </Text>
          </Group>
          <ListingPrice price={listing.price} discount={listing.discount} finalPrice={listing.finalPrice} size="xl" />
          <TrustFigures listing={listing} />
          <BasketButtons listing={listing} />
          {listing.metadata.features.length > 0 ? (
            <List size="sm" spacing={4} data-testid="listing-features">
              {listing.metadata.features.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
          ) : null}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/**
 * /marketplace/listing/{unique}/: the listing's detail (docs/product/marketplace.md#listing-detail). Its title is the page
 * title ('{listing} - {product} Marketplace'). A listing that does not exist (any more)
 * sends the person back to /marketplace/ and says why; a failure to reach the server offers
 * to try again instead, because the listing may well exist.
 */
export function ListingPage() {
  const { unique = '' } = useParams();
  const listing = useListing(unique);
  usePageTitle(listing.data?.title);
  const gone =
    listing.isError && isApiError(listing.error) && listing.error.category === 'http' && listing.error.status < 500;

  // The marketplace page says why the person landed there (a toast raced the redirect and was lost).
  if (gone) return <Navigate to={paths.marketplace.browse} replace state={LISTING_GONE_STATE} />;

  return (
    <Stack gap="xl" data-testid="listing-page">
      <ContinueShopping />
      {listing.isPending ? (
        <DetailLoading />
      ) : listing.isError ? (
        <LoadError
          title="We could not load this listing"
          error={listing.error}
          onRetry={() => void listing.refetch()}
          retrying={listing.isFetching}
          testId="listing-error"
        />
      ) : (
        <>
          <Product listing={listing.data} />
          <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="listing-description-title">
            <Title order={2} size="h4" mb="sm" id="listing-description-title">
              Description
            </Title>
            {/*
             * Trust boundary: `description` is HTML the server sanitised when the listing was
             * saved (a safe subset of tags and attributes: no scripts, no event handlers, no
             * javascript: URLs). React's dangerouslySetInnerHTML never runs <script> elements;
             * nothing is sanitised again here, so the server's sanitiser is the one gate and
             * must keep those rules.
             */}
            <Typography
              className={classes.description}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (see above).
              dangerouslySetInnerHTML={{ __html: listing.data.description }}
              data-testid="listing-description"
            />
          </Card>
          <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="listing-specs-title">
            <Title order={2} size="h4" mb="sm" id="listing-specs-title">
              Specifications
            </Title>
            <ListingSpecs listing={listing.data} />
          </Card>
          <SimilarListings unique={listing.data.unique} />
          <RecentlyViewed current={listing.data.unique} />
        </>
      )}
    </Stack>
  );
}
