import { randomBytes } from 'node:crypto';
import { eurosToMicros } from '@cryptads/contract/money';
import type { DbOrTx } from '../../db/client';
import { listings } from '../../db/schema/marketplace';

/** Listings written straight into the database for the catalogue's tests. */
export type ListingFixture = {
  title?: string;
  ownerId?: number | null;
  category?: number;
  niches?: string[];
  language?: string;
  website?: string | null;
  price?: number;
  discount?: number;
  status?: number;
  sticky?: boolean;
  featured?: number;
  trending?: number;
  description?: string;
  attributes?: Record<string, string>;
  createdAt?: Date;
};

export async function insertListing(db: DbOrTx, f: ListingFixture = {}) {
  const [row] = await db
    .insert(listings)
    .values({
      unique: randomBytes(9).toString('base64url'),
      ownerId: f.ownerId ?? null,
      title: f.title ?? 'Sponsored article',
      category: f.category ?? 1,
      niches: f.niches ?? ['Finance'],
      language: f.language ?? 'English',
      website: f.website === undefined ? 'fixture.example' : f.website,
      image: 'fixture-image-key-000000000000000000000.png',
      priceMicros: eurosToMicros(f.price ?? 100),
      discount: f.discount ?? 0,
      status: f.status ?? 1,
      sticky: f.sticky ?? false,
      featured: f.featured ?? 0,
      trending: f.trending ?? 0,
      description: f.description ?? '<p>A placement.</p>',
      attributes: f.attributes ?? {},
      ...(f.createdAt ? { createdAt: f.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('listing insert returned nothing');
  return row;
}
