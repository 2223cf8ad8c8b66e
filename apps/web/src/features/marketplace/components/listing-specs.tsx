import { Anchor, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ListingDetail } from '@cryptads/contract/marketplace';
import { categoryName, LISTING_ATTRIBUTE } from '@cryptads/contract/marketplace-messages';

const isLink = (value: string) => /^https?:\/\/\S+$/i.test(value);

/** A URL from a seller opens in a new tab and passes no ranking or referrer. */
const external = (href: string, text: string = href) => (
  <Anchor href={href} target="_blank" rel="noopener noreferrer nofollow ugc" style={{ overflowWrap: 'anywhere' }}>
    {text}
  </Anchor>
);

/** The specifications table of a listing (docs/product/marketplace.md#listings): what is sold, where, and how reliably. */
export function ListingSpecs({ listing }: { listing: ListingDetail }) {
  const rows: [string, ReactNode][] = [
    ['Category', categoryName(listing.category)],
    ['Niches', listing.niches.join(', ') || '—'],
    ['Language', listing.language],
    ['Website', listing.website ?? '—'],
  ];
  // Website and Language are rows of their own already.
  const shown = new Set<string>([LISTING_ATTRIBUTE.website, LISTING_ATTRIBUTE.language]);
  for (const [key, value] of Object.entries({ ...listing.metadata.attributes, ...listing.attributes })) {
    if (shown.has(key)) continue;
    shown.add(key);
    rows.push([key, isLink(value) ? external(value) : value]);
  }
  rows.push(['Turnaround', `${listing.turnaroundDays} ${listing.turnaroundDays === 1 ? 'day' : 'days'}`]);
  rows.push([
    'Completion rate',
    listing.completionRate === null ? 'No finished orders yet' : `${Math.round(listing.completionRate)}%`,
  ]);
  rows.push(['Sample post', listing.samplePostUrl ? external(listing.samplePostUrl, 'See a published example') : '—']);

  return (
    <Table withRowBorders verticalSpacing="xs" data-testid="listing-specs">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" w="40%" fw={600}>
              {label}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
