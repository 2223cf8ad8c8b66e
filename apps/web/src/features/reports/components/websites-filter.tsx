import { Select } from '@mantine/core';
import { useWebsiteNames } from '../api/get-website-names';
import { useWebsiteZones } from '../api/get-website-zones';

const ALL = 'all';

/** Publishers' Websites filter: all websites, or one website and then optionally one of its zones. */
export function WebsitesFilter({
  website,
  zone,
  onChange,
}: {
  website: number | null;
  zone: string | null;
  onChange: (next: { website: number | null; zone: string | null }) => void;
}) {
  const names = useWebsiteNames(true);
  const zones = useWebsiteZones(website);
  return (
    <>
      <Select
        label="Websites"
        data={[
          { value: ALL, label: 'All websites' },
          ...(names.data ?? []).map((w) => ({ value: String(w.id), label: w.domain || w.name })),
        ]}
        value={website === null ? ALL : String(website)}
        onChange={(v) => onChange({ website: !v || v === ALL ? null : Number(v), zone: null })}
        allowDeselect={false}
        searchable
        error={names.isError ? 'Your websites could not be loaded.' : undefined}
        w={{ base: '100%', xs: 240 }}
        data-testid="websites-filter"
      />
      {website !== null ? (
        <Select
          label="Zone"
          data={[
            { value: ALL, label: 'All zones' },
            ...(zones.data ?? []).map((z) => ({ value: z.unique, label: `${z.alias} (${z.unique})` })),
          ]}
          value={zone ?? ALL}
          onChange={(v) => onChange({ website, zone: !v || v === ALL ? null : v })}
          allowDeselect={false}
          error={zones.isError ? 'The zones of this website could not be loaded.' : undefined}
          w={{ base: '100%', xs: 240 }}
          data-testid="zones-filter"
        />
      ) : null}
    </>
  );
}
