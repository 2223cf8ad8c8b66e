import { Badge, Button, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { IconArrowRight, IconPackage, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { formatNumber } from '../../../lib/format';
import classes from './marketplace.module.css';

/** The two banner cards of Browse Listings (docs/product/marketplace.md#browse): packages, and every listing. */
export function BannerCards({ total }: { total: number | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Card radius="lg" padding="lg" className={classes.banner} data-testid="banner-packages">
        <Group gap="xs" mb={6}>
          <IconPackage size={22} aria-hidden />
          <Badge color="yellow.4" c="navy.9" size="sm">
            New
          </Badge>
        </Group>
        <Title order={2} size="h3" c="white">
          Packages
        </Title>
        <Text className={classes.bannerText} mt={4} mb="md">
          Press releases, KOL spotlights and visibility boosts bundled across several publishers, for one price.
        </Text>
        <Button
          component={Link}
          to={paths.marketplace.packages}
          color="yellow.4"
          c="navy.9"
          rightSection={<IconArrowRight size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          See the packages
        </Button>
      </Card>
      <Card radius="lg" padding="lg" className={classes.bannerAlt} data-testid="banner-listings">
        <Group gap="xs" mb={6}>
          <IconSearch size={22} aria-hidden />
        </Group>
        <Title order={2} size="h3" c="white">
          Every listing
        </Title>
        <Text className={classes.bannerText} mt={4} mb="md">
          {total === undefined
            ? 'Sponsored articles, press releases and banners on finance and crypto sites.'
            : `${formatNumber(total)} placements on finance and crypto sites: filter by category, language, price and links.`}
        </Text>
        <Button
          component={Link}
          to={paths.marketplace.listings}
          variant="white"
          color="navy.8"
          rightSection={<IconArrowRight size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          Browse all listings
        </Button>
      </Card>
    </SimpleGrid>
  );
}
