import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import { CAMPAIGN_TABS, type CampaignTab, campaignTabPath } from '../lib/tabs';

/** Campaign Setup / Optimization / Performance / Reports; the tab lives in the URL. */
export function CampaignTabs({ id, tab }: { id: number; tab: CampaignTab }) {
  const navigate = useNavigate();
  return (
    <Tabs
      value={tab}
      onChange={(value) => {
        if (value) void navigate(campaignTabPath(value as CampaignTab, id));
      }}
      keepMounted={false}
    >
      <Tabs.List aria-label="Campaign sections">
        {CAMPAIGN_TABS.map((t) => (
          <Tabs.Tab key={t.value} value={t.value} data-testid={`tab-${t.value}`}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
