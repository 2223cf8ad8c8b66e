import { Anchor, Card, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { SELLER_LISTING_MESSAGES } from '@cryptads/contract/websites-messages';
import { errorReason } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { CopyBlock } from '../../../ui/copy-block';
import { FormError } from '../../../ui/form-error';
import { Notice } from '../../../ui/notice';
import { showError } from '../../../ui/status-store';
import { useSellerListing, useUpdateSellerListing } from '../api/seller-listing';

const M = SELLER_LISTING_MESSAGES;

/**
 * /settings/sellers/ (docs/product/programmatic.md#sellersjson), publishers only: the seller ID
 * our sellers.json lists them under, what buyers see there, and the switch that lists them as
 * confidential (seller ID only). Saved as it changes.
 */
export function SellerListingPage() {
  const listing = useSellerListing();
  const update = useUpdateSellerListing();

  const toggle = (confidential: boolean) =>
    update.mutate(confidential, {
      onSuccess: () => void notify({ message: M.saved, color: 'teal' }),
      onError: (error) => showError(errorReason(error)),
    });

  return (
    <Card withBorder radius="lg" padding="lg" maw={640}>
      <Stack gap={4} mb="md">
        <Title order={2} size="h4">
          {M.title}
        </Title>
        <Text size="sm" c="dimmed">
          {M.intro}
        </Text>
      </Stack>
      {listing.isError ? (
        <FormError message={errorReason(listing.error)} />
      ) : listing.isPending ? (
        <Stack gap="md" aria-busy="true">
          <Skeleton h={60} />
          <Skeleton h={40} />
        </Stack>
      ) : (
        <Stack gap="md" data-testid="seller-listing">
          <CopyBlock label={M.sellerIdLabel} value={listing.data.sellerId} testId="seller-id" />
          <Switch
            size="md"
            checked={listing.data.confidential}
            onChange={(e) => toggle(e.currentTarget.checked)}
            label={M.confidentialLabel}
            description={M.confidentialDescription}
            disabled={update.isPending}
            data-testid="seller-confidential"
          />
          <Notice color="blue" icon={<IconInfoCircle size={18} />} data-testid="seller-listed-as">
            {!listing.data.listed
              ? M.notListed
              : listing.data.confidential || !listing.data.name || !listing.data.domain
                ? M.listedConfidential
                : M.listedAs(listing.data.name, listing.data.domain)}
          </Notice>
          <Anchor href="/sellers.json" target="_blank" rel="noopener" size="sm">
            {M.fileLink}
          </Anchor>
        </Stack>
      )}
    </Card>
  );
}
