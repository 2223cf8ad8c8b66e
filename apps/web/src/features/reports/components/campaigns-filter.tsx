import { MultiSelect } from '@mantine/core';
import { useCampaignNames } from '../api/get-campaign-names';

/** Advertisers' campaigns filter: none chosen means all campaigns. */
export function CampaignsFilter({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const names = useCampaignNames(true);
  const data = (names.data ?? []).map((c) => ({ value: String(c.id), label: `${c.name} (#${c.id})` }));
  return (
    <MultiSelect
      label="Campaigns"
      placeholder={value.length === 0 ? 'All campaigns' : undefined}
      data={data}
      value={value.map(String).filter((id) => names.isPending || data.some((d) => d.value === id))}
      onChange={(ids) => onChange(ids.map(Number))}
      searchable
      clearable
      nothingFoundMessage="No campaigns"
      error={names.isError ? 'Your campaigns could not be loaded.' : undefined}
      w={{ base: '100%', xs: 300 }}
      maxDropdownHeight={260}
      data-testid="campaigns-filter"
    />
  );
}
