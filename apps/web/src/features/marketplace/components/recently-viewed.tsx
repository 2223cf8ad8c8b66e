import { useQueries } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ListingCard } from '@cryptads/contract/marketplace';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { listingQueryOptions } from '../api/get-listing';
import { recentlyShown, rememberViewed } from '../lib/recently-viewed';
import { ListingRow } from './listing-row';

/**
 * Recently Viewed (docs/product/marketplace.md#listing-detail): mounted once the listing has loaded, it records the listing
 * for this user and shows the 3 most recent others, each read again (GET listing); one that
 * cannot be read any more (withdrawn) is left out.
 */
export function RecentlyViewed({ current }: { current: string }) {
  const user = useCurrentUser();
  const userKey = user.data ? user.data.com || user.data.email : null;
  const [shown, setShown] = useState<string[]>([]);

  useEffect(() => {
    if (!userKey) return;
    setShown(recentlyShown(rememberViewed(window.localStorage, userKey, current), current));
  }, [userKey, current]);

  const results = useQueries({ queries: shown.map((unique) => listingQueryOptions(unique)) });
  const listings = results.flatMap((r): ListingCard[] => (r.data ? [r.data] : []));
  const loading = results.some((r) => r.isPending);

  if (shown.length === 0) return null;
  return (
    <ListingRow
      title="Recently Viewed"
      testId="recently-viewed"
      listings={listings}
      loading={loading && listings.length === 0}
      placeholders={shown.length}
      empty="The listings you viewed are no longer available."
    />
  );
}
