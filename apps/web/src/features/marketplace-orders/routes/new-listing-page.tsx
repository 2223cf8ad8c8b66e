import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AccountType } from '@cryptads/contract/account-types';
import { MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { paths } from '@cryptads/contract/paths';
import { useSession } from '../../../lib/session';
import { NewListingForm } from '../components/new-listing-form';

/** Advertisers read why they cannot list instead of a form the server would refuse. */
function PublishersOnly() {
  return (
    <Card withBorder radius="md" padding="xl" maw={640} data-testid="listing-publishers-only">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconSpeakerphone size={28} />
        </ThemeIcon>
        <Title order={2} size="h4">
          {M.listingRequestsPublisherOnly}
        </Title>
        <Text c="dimmed">
          Publishers offer placements on their sites here; as an advertiser you can order them from the marketplace.
        </Text>
        <Button component={Link} to={paths.marketplace.browse} mt="xs">
          {M.browseListings}
        </Button>
      </Stack>
    </Card>
  );
}

/** /new-listing/: Request a Listing (docs/product/marketplace.md#listing-detail). */
export function NewListingPage() {
  const session = useSession();
  if (session?.userType !== AccountType.Publisher) return <PublishersOnly />;
  return (
    <Stack gap="md" maw={900} data-testid="new-listing-page">
      <Text c="dimmed">
        Offer a placement on your site: an operator reviews the request and publishes the listing in the marketplace.
      </Text>
      <NewListingForm />
    </Stack>
  );
}
