import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { DEFAULT_PRODUCT_NAME, pageTitle, TITLE_TAGLINE } from '@cryptads/contract/ui';
import { usePublicConfig } from '../lib/api/get-public-config';
import { usePageTitleOverrideOf } from '../lib/page-title';
import { isMarketplacePath, pageNameOf } from './page-titles';

/** The page's name: a runtime override for this path, else the route table. */
export function usePageName(): { name: string | null; marketplace: boolean } {
  const { pathname } = useLocation();
  const override = usePageTitleOverrideOf(pathname);
  const page = pageNameOf(pathname);
  return { name: override ?? page?.name ?? null, marketplace: page?.marketplace ?? isMarketplacePath(pathname) };
}

const titleOf = (name: string | null, product: string, marketplace: boolean) =>
  name ? pageTitle(name, product, marketplace) : `${product} - ${TITLE_TAGLINE}`;

/** The title of a path from the route table, as the server writes it into the page's HTML. */
export function documentTitleOf(pathname: string, product = DEFAULT_PRODUCT_NAME): string {
  const page = pageNameOf(pathname);
  return titleOf(page?.name ?? null, product, page?.marketplace ?? isMarketplacePath(pathname));
}

/** Keeps document.title in step with the route (docs/product/account.md#page-titles). */
export function DocumentTitle() {
  const { name, marketplace } = usePageName();
  const product = usePublicConfig().data?.productName ?? DEFAULT_PRODUCT_NAME;
  useEffect(() => {
    document.title = titleOf(name, product, marketplace);
  }, [name, product, marketplace]);
  return null;
}
