import { describe, expect, it } from 'vitest';
import { SellersJsonSchema, SupplyChainSchema } from './sellers';

/**
 * The IAB sellers.json 1.0 and SupplyChain 1.0 field rules as the contract writes them
 * (required and optional fields, types, values): what the server's /sellers.json and schain are
 * checked against (apps/server/src/modules/sellers/sellers.test.ts).
 */

describe('the sellers.json field rules', () => {
  const seller = { seller_id: 'a1', seller_type: 'PUBLISHER', name: 'Acme Ltd', domain: 'acme.com' };
  const file = (sellers: unknown[], extra: object = {}) => ({ version: '1.0', sellers, ...extra });

  it('accepts the required fields alone and every optional field with its type', () => {
    expect(SellersJsonSchema.safeParse(file([])).success).toBe(true);
    expect(SellersJsonSchema.safeParse(file([seller])).success).toBe(true);
    const full = file(
      [
        { ...seller, is_confidential: 0, is_passthrough: 1, comment: 'display', ext: { x: 1 } },
        { seller_id: 'b2', seller_type: 'INTERMEDIARY', name: 'Reseller Inc' },
        { seller_id: 'c3', seller_type: 'BOTH', is_confidential: 1 },
      ],
      {
        contact_email: 'ads@acme.com',
        contact_address: '1 Main St',
        identifiers: [{ name: 'TAG-ID', value: 'f08c47fec0942fa0' }],
        ext: {},
      },
    );
    expect(SellersJsonSchema.safeParse(full).error).toBeUndefined();
  });

  it('refuses a missing required field, a wrong type or value, and a field the spec does not have', () => {
    const refused = [
      { sellers: [] },
      { version: '2.0', sellers: [] },
      { version: '1.0' },
      file([{ seller_type: 'PUBLISHER', name: 'x', domain: 'x.com' }]),
      file([{ ...seller, seller_id: 7 }]),
      file([{ ...seller, seller_id: 'x'.repeat(65) }]),
      file([{ ...seller, seller_type: 'publisher' }]),
      file([{ ...seller, seller_type: 'NA' }]),
      file([{ ...seller, is_confidential: true }]),
      file([{ ...seller, is_passthrough: 2 }]),
      file([{ ...seller, domain: 'https://acme.com/' }]),
      file([{ ...seller, email: 'a@acme.com' }]),
      file([], { contact_email: 'not an email' }),
      file([], { identifiers: [{ name: 'TAG-ID' }] }),
      file([], { owner: 'us' }),
    ];
    for (const candidate of refused)
      expect(SellersJsonSchema.safeParse(candidate).success, JSON.stringify(candidate)).toBe(false);
  });

  it('requires the name of a seller that is not confidential, and leaves name and domain out of a confidential one', () => {
    const { name: _name, ...noName } = seller;
    const { domain: _domain, ...noDomain } = seller;
    expect(SellersJsonSchema.safeParse(file([noName])).success).toBe(false);
    expect(SellersJsonSchema.safeParse(file([noDomain])).success).toBe(false);
    expect(SellersJsonSchema.safeParse(file([{ ...seller, is_confidential: 1 }])).success).toBe(false);
    expect(
      SellersJsonSchema.safeParse(file([{ seller_id: 'a1', seller_type: 'PUBLISHER', is_confidential: 1 }])).success,
    ).toBe(true);
  });

  it('refuses a seller_id listed twice', () => {
    expect(SellersJsonSchema.safeParse(file([seller, { ...seller, name: 'Other' }])).success).toBe(false);
  });
});

describe('the SupplyChain object field rules', () => {
  const node = { asi: 'cryptads.example', sid: '0a1b2c3d4e5f6789', hp: 1 };
  it('accepts ver, complete and nodes, and a node’s optional rid, name, domain and ext', () => {
    expect(SupplyChainSchema.safeParse({ ver: '1.0', complete: 1, nodes: [node] }).success).toBe(true);
    const full = { ...node, rid: 'req-1', name: 'Acme', domain: 'acme.com', ext: {} };
    expect(SupplyChainSchema.safeParse({ ver: '1.0', complete: 0, nodes: [full, node], ext: {} }).success).toBe(true);
  });

  it('refuses a missing field, an empty chain, booleans for flags and unknown fields', () => {
    const { hp: _hp, ...noHp } = node;
    for (const chain of [
      { complete: 1, nodes: [node] },
      { ver: '1.0', nodes: [node] },
      { ver: '1.0', complete: 1, nodes: [] },
      { ver: '1.0', complete: true, nodes: [node] },
      { ver: '1.0', complete: 1, nodes: [noHp] },
      { ver: '1.0', complete: 1, nodes: [{ ...node, hp: true }] },
      { ver: '1.0', complete: 1, nodes: [{ ...node, sid: '' }] },
      { ver: '1.0', complete: 1, nodes: [{ ...node, seller: 'x' }] },
    ])
      expect(SupplyChainSchema.safeParse(chain).success, JSON.stringify(chain)).toBe(false);
  });
});
