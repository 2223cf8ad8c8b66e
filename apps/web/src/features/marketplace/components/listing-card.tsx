import { AspectRatio, Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconClockHour4, IconRosetteDiscountCheck, IconWorld } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ListingCard as Listing } from '@cryptads/contract/marketplace';
import { categoryName } from '@cryptads/contract/marketplace-messages';
import { paths } from '@cryptads/contract/paths';
import { ListingPrice } from './listing-price';
import classes from './marketplace.module.css';
import { sizedImage } from '@cryptads/contract/image-widths';

/** 'Delivers in 3 days' and '96 % completed' (or 'New listing' before a first finished order). */
export function TrustFigures({ listing }: { listing: Pick<Listing, 'turnaroundDays' | 'completionRate'> }) {
  const days = listing.turnaroundDays;
  return (
    <Group gap="md" wrap="wrap" data-testid="listing-trust">
      <Group gap={4} wrap="nowrap">
        <IconClockHour4 size={16} aria-hidden />
        <Text size="sm">
          Delivers in {days} {days === 1 ? 'day' : 'days'}
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap">
        <IconRosetteDiscountCheck size={16} aria-hidden />
        <Text size="sm">
          {listing.completionRate === null ? 'New listing' : `${Math.round(listing.completionRate)}% completed`}
        </Text>
      </Group>
    </Group>
  );
}

/** Where it appears and in which language: 'coinjournal.example · English'. */
function WhereLine({ listing }: { listing: Listing }) {
  return (
    <Group gap={4} wrap="nowrap" c="dimmed">
      <IconWorld size={16} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm" truncate="end">
        {listing.website ? `${listing.website} · ${listing.language}` : listing.language}
      </Text>
    </Group>
  );
}

/** The widest a card's picture is drawn (CSS px): the picture is fetched at twice that, resized. */
const CARD_WIDTH = 400;

function CardImage({ listing, ratio }: { listing: Listing; ratio: number }) {
  return (
    <AspectRatio ratio={ratio}>
      <Image
        src={sizedImage(listing.image, CARD_WIDTH)}
        alt=""
        loading="lazy"
        fit="cover"
        fallbackSrc={sizedImage(listing.icon, CARD_WIDTH)}
      />
    </AspectRatio>
  );
}

function CategoryLine({ listing }: { listing: Listing }) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge size="sm" variant="light" color="brand">
        {categoryName(listing.category)}
      </Badge>
      {listing.sticky ? (
        <Badge size="sm" variant="light" color="yellow.9" c="dark.8">
          Featured
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * One listing in the results, the home rows, the detail's rows and the dashboard teaser:
 * image, title (the card's one link, to the detail), category and niches, price with its
 * discount, trust figures, website and language. `list` lays it out as a row; `compact`
 * (the dashboard) keeps image, title and price.
 */
export function ListingCard({ listing, view = 'grid' }: { listing: Listing; view?: 'grid' | 'list' | 'compact' }) {
  const title = (
    <Link to={paths.marketplace.listing(listing.unique)} className={classes.cardLink} data-testid="listing-link">
      <Text fw={650} className={classes.cardTitle} component="span">
        {listing.title}
      </Text>
    </Link>
  );
  const niches = listing.niches.length > 0 ? listing.niches.join(' · ') : null;

  if (view === 'list')
    return (
      <Card withBorder radius="md" padding="sm" className={classes.card} data-testid="listing-card" component="article">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <div className={classes.listImage}>
            <CardImage listing={listing} ratio={16 / 9} />
          </div>
          {/* Details and price side by side; on a phone the price wraps below the details. */}
          <Group gap="sm" wrap="wrap" align="flex-start" justify="space-between" style={{ flex: 1, minWidth: 0 }}>
            <Stack gap={6} style={{ flex: '1 1 240px', minWidth: 0 }}>
              <CategoryLine listing={listing} />
              {title}
              {niches ? (
                <Text size="sm" c="dimmed">
                  {niches}
                </Text>
              ) : null}
              <WhereLine listing={listing} />
              <TrustFigures listing={listing} />
            </Stack>
            <ListingPrice {...listing} size="lg" />
          </Group>
        </Group>
      </Card>
    );

  if (view === 'compact')
    return (
      <Card withBorder radius="md" padding="sm" className={classes.card} data-testid="listing-card" component="article">
        <Card.Section>
          <CardImage listing={listing} ratio={16 / 9} />
        </Card.Section>
        <Stack gap={4} mt="sm">
          <Text size="xs" c="dimmed">
            {categoryName(listing.category)}
          </Text>
          {title}
          <ListingPrice {...listing} size="md" />
        </Stack>
      </Card>
    );

  return (
    <Card withBorder radius="md" padding="md" className={classes.card} data-testid="listing-card" component="article">
      <Card.Section>
        <CardImage listing={listing} ratio={16 / 9} />
      </Card.Section>
      <Stack gap={8} mt="sm" h="100%">
        <CategoryLine listing={listing} />
        {title}
        {niches ? (
          <Text size="sm" c="dimmed">
            {niches}
          </Text>
        ) : null}
        <WhereLine listing={listing} />
        <TrustFigures listing={listing} />
        <div style={{ marginTop: 'auto' }}>
          <ListingPrice {...listing} size="lg" />
        </div>
      </Stack>
    </Card>
  );
}
