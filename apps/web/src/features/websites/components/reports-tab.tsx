import { lazy, Suspense } from 'react';
import type { WebsiteDetail } from '@cryptads/contract/websites';
import { PageLoader } from '../../../ui/page-loader';

// The report carries the date picker and the chart: load it when the tab opens.
const WebsiteReport = lazy(async () => ({ default: (await import('./website-report')).WebsiteReport }));

/** The Reports tab of a website (docs/product/reports.md#report-tabs): its earnings, or one zone's. */
export function ReportsTab({ website }: { website: WebsiteDetail }) {
  return (
    <Suspense fallback={<PageLoader />}>
      <WebsiteReport website={website} />
    </Suspense>
  );
}
