import { AccountType } from '@cryptads/contract/account-types';
import { paths } from '@cryptads/contract/paths';
import { dashboardSummaryQueries } from '../features/dashboard/api/prefetch';
import { privacyPolicyQueryOptions } from '../features/legal/api/get-privacy-policy';
import { currentTermsQueryOptions } from '../lib/api/get-current-terms';
import { currentUserQueryOptions } from '../lib/api/get-current-user';
import { publicConfigQueryOptions } from '../lib/api/get-public-config';
import type { PageQuery } from '../lib/prefetch';
import type { Session } from '../lib/session';

/**
 * What the server asks for before it renders a page's HTML, and embeds in it for the browser's
 * query cache (entry-server.tsx, docs/decisions/062): the public configuration (product
 * name), the legal texts on their pages, and for a session its account (the header's balance
 * and menu); on the dashboard the summary cards' figures as well. Everything else a page shows is asked for by the browser
 * once the page is hydrated, as before.
 */
export function pageQueries(pathname: string, session: Session | null): PageQuery[] {
  const queries: PageQuery[] = [publicConfigQueryOptions()];
  // The legal texts, public pages whose whole content is the document.
  if (pathname === paths.terms) queries.push(currentTermsQueryOptions());
  if (pathname === paths.privacyPolicy) queries.push(privacyPolicyQueryOptions());
  if (!session) return queries;
  queries.push(currentUserQueryOptions());
  if (session.userType !== AccountType.Operator && pathname === '/')
    queries.push(...dashboardSummaryQueries(session.userType === AccountType.Advertiser));
  return queries;
}
