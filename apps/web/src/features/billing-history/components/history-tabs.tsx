import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@cryptads/contract/paths';

/** The two tabs of Billing History: the documents (deposits, payouts, credit notes) and the statement of account. */
export function HistoryTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const value = pathname.startsWith(paths.billing.statement) ? paths.billing.statement : paths.billing.history;
  return (
    <Tabs value={value} onChange={(next) => next && navigate(next)} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value={paths.billing.history}>History</Tabs.Tab>
        <Tabs.Tab value={paths.billing.statement}>Statement</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
