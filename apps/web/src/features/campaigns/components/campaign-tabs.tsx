import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { CAMPAIGN_TABS, type CampaignTab, isCampaignTab } from '../lib/tabs';
import { ScrollingTabList } from '../../../ui/scrolling-tab-list';

/** Campaign Setup / Optimization / Performance / Reports; the tab lives in the URL. */
export function CampaignTabs({ id, tab }: { id: number; tab: CampaignTab }) {
  const navigate = useNavigate();
  return (
    <Tabs
      value={tab}
      onChange={(value) => {
        if (value && isCampaignTab(value)) void navigate(paths.campaign.tab(value, id));
      }}
      keepMounted={false}
    >
      <ScrollingTabList aria-label="Campaign sections">
        {CAMPAIGN_TABS.map((t) => (
          <Tabs.Tab key={t.value} value={t.value} data-testid={`tab-${t.value}`}>
            {t.label}
          </Tabs.Tab>
        ))}
      </ScrollingTabList>
    </Tabs>
  );
}
