import { PACKAGE_TYPES, type PackageTypeId } from '@cryptads/contract/marketplace-messages';
import { paths } from '@cryptads/contract/paths';

/** The package tabs (docs/product/marketplace.md#packages): Press Release is /packages/ itself. */
export const PACKAGE_TABS: readonly { type: PackageTypeId; label: string; to: string }[] = [
  { type: 0, label: PACKAGE_TYPES[0], to: paths.marketplace.packages },
  { type: 1, label: PACKAGE_TYPES[1], to: paths.marketplace.packagesKol },
  { type: 2, label: PACKAGE_TYPES[2], to: paths.marketplace.packagesVisibility },
];
