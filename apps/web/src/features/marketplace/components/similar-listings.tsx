import { MARKETPLACE_LIMITS } from '@cryptads/contract/marketplace-messages';
import { useSimilarListings } from '../api/get-similar-listings';
import { ListingRow } from './listing-row';

/** Similar Products (docs/product/marketplace.md#listing-detail): 5 listings like this one, trending first. */
export function SimilarListings({ unique }: { unique: string }) {
  const similar = useSimilarListings(unique);
  return (
    <ListingRow
      title="Similar Products"
      testId="similar-products"
      listings={(similar.data ?? []).filter((l) => l.unique !== unique)}
      loading={similar.isPending}
      placeholders={MARKETPLACE_LIMITS.similar}
      empty={similar.isError ? 'Similar products are not available right now.' : 'No similar listings yet.'}
    />
  );
}
