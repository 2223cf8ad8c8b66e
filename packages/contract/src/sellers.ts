import { z } from 'zod';
import { AdsTxtReason, AdsTxtStatus } from './websites-messages';
import { WebsiteIdSchema } from './websites';

/**
 * Who sells our publishers' ad space (docs/product/programmatic.md): the IAB sellers.json 1.0
 * file, the OpenRTB SupplyChain object 1.0, a website's ads.txt state and the publisher's
 * listing setting. The field rules of the two IAB objects are written here once; the server
 * builds its answers to them and the tests check the answers against them.
 */

/** 0 or 1: the IAB objects' booleans. */
const Flag = z.union([z.literal(0), z.literal(1)]);
const Ext = z.record(z.string(), z.unknown());

// ---- sellers.json 1.0 (IAB Tech Lab, July 2019) --------------------------------------------

export const SELLER_TYPES = ['PUBLISHER', 'INTERMEDIARY', 'BOTH'] as const;
export type SellerType = (typeof SELLER_TYPES)[number];

/** seller_id: the id our transactions carry for the seller; the spec limits it to 64 characters. */
export const SellerIdSchema = z.string().min(1).max(64);

/** An identifier of the advertising system (TAG-ID, DUNS...): both fields required. */
export const SellersJsonIdentifierSchema = z.strictObject({ name: z.string().min(1), value: z.string().min(1) });

/**
 * One Seller object. Required: seller_id, seller_type. Optional: is_confidential (default 0),
 * is_passthrough (default 0), name, domain, comment, ext. `name` is required unless the seller
 * is confidential. Stricter than the spec, as our file writes it: a confidential seller
 * carries neither name nor domain, and a non-confidential PUBLISHER or BOTH carries its
 * domain (every publisher of ours has a website); the domain is a lower-case host name.
 */
export const SellersJsonSellerSchema = z
  .strictObject({
    seller_id: SellerIdSchema,
    is_confidential: Flag.optional(),
    seller_type: z.enum(SELLER_TYPES),
    is_passthrough: Flag.optional(),
    name: z.string().min(1).optional(),
    domain: z
      .string()
      .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/)
      .optional(),
    comment: z.string().optional(),
    ext: Ext.optional(),
  })
  .superRefine((seller, ctx) => {
    if (seller.is_confidential === 1) {
      if (seller.name !== undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: 'confidential: no name' });
      if (seller.domain !== undefined)
        ctx.addIssue({ code: 'custom', path: ['domain'], message: 'confidential: no domain' });
      return;
    }
    if (seller.name === undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: 'name is required' });
    if (seller.seller_type !== 'INTERMEDIARY' && seller.domain === undefined)
      ctx.addIssue({ code: 'custom', path: ['domain'], message: 'domain is required' });
  });
export type SellersJsonSeller = z.infer<typeof SellersJsonSellerSchema>;

/**
 * The file. Required: version ('1.0'), sellers (every seller, confidential ones included).
 * Optional: contact_email, contact_address, identifiers, ext. A seller_id appears once.
 */
export const SellersJsonSchema = z
  .strictObject({
    contact_email: z.email().optional(),
    contact_address: z.string().min(1).optional(),
    version: z.literal('1.0'),
    identifiers: z.array(SellersJsonIdentifierSchema).optional(),
    sellers: z.array(SellersJsonSellerSchema),
    ext: Ext.optional(),
  })
  .refine((file) => new Set(file.sellers.map((s) => s.seller_id)).size === file.sellers.length, {
    message: 'a seller_id appears twice',
    path: ['sellers'],
  });
export type SellersJson = z.infer<typeof SellersJsonSchema>;

// ---- OpenRTB SupplyChain object 1.0 ---------------------------------------------------------

/**
 * One node of the chain. Required: asi (the advertising system's canonical domain, as in
 * ads.txt and where its sellers.json is), sid (the seller id in that sellers.json), hp (1 when
 * this node takes part in the flow of payment). Optional: rid, name, domain, ext.
 */
export const SupplyChainNodeSchema = z.strictObject({
  asi: z.string().min(1),
  sid: SellerIdSchema,
  hp: Flag,
  rid: z.string().optional(),
  name: z.string().optional(),
  domain: z.string().optional(),
  ext: Ext.optional(),
});
export type SupplyChainNode = z.infer<typeof SupplyChainNodeSchema>;

/** `schain` (OpenRTB 2.6 source.schain): complete 1 when the chain goes back to the owner of the site. */
export const SupplyChainSchema = z.strictObject({
  complete: Flag,
  nodes: z.array(SupplyChainNodeSchema).min(1),
  ver: z.literal('1.0'),
  ext: Ext.optional(),
});
export type SupplyChain = z.infer<typeof SupplyChainSchema>;

// ---- A website's ads.txt (GET/POST /websites/{id}/ads-txt) ---------------------------------

export const AdsTxtStateSchema = z.object({
  websiteId: z.number().int(),
  /** The exact line to add: '<our domain>, <seller id>, DIRECT[, <certification authority id>]'. */
  line: z.string(),
  /** Our advertising-system domain and the publisher's seller id, the line's first two fields. */
  domain: z.string(),
  sellerId: z.string(),
  /** Where the check reads the file. */
  fileUrl: z.string(),
  /** Null until the first check. */
  status: z.enum(AdsTxtStatus).nullable(),
  reasonCode: z.enum(AdsTxtReason).nullable(),
  /** The reason as a sentence. */
  reason: z.string().nullable(),
  /** A 'wrong' result: the file's line with our domain, as written there. */
  foundLine: z.string().nullable(),
  /** ISO timestamp of the check. */
  checkedAt: z.string().nullable(),
});
export type AdsTxtState = z.infer<typeof AdsTxtStateSchema>;

export const AdsTxtParamsSchema = z.object({ id: WebsiteIdSchema });

// ---- The publisher's listing (GET/PUT /user/seller) ----------------------------------------

export const SellerListingSchema = z.object({
  sellerId: z.string(),
  /** sellers.json omits the name and domain: the publisher's choice, else yes for a person and no for a company. */
  confidential: z.boolean(),
  /** The publisher set the switch; false: the default above applies. */
  chosen: z.boolean(),
  /** In sellers.json now: the account is active and has an approved website. */
  listed: z.boolean(),
  /** The name and domain sellers.json shows (null when confidential, or no approved website yet). */
  name: z.string().nullable(),
  domain: z.string().nullable(),
});
export type SellerListing = z.infer<typeof SellerListingSchema>;

export const UpdateSellerListingInputSchema = z.object({ confidential: z.boolean() });
export type UpdateSellerListingInput = z.infer<typeof UpdateSellerListingInputSchema>;
