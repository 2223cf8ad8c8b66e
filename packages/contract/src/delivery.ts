import { z } from 'zod';

/**
 * Ad delivery (docs/decisions/004-ad-codes.md, 007-delivery.md): what GET /serve/{zone}
 * answers. 204 when there is no ad. Outside /api, no envelope: ad codes read it directly.
 */
export const ServeQuerySchema = z.object({
  format: z.enum(['banner', 'sticky', 'native', 'popunder', 'json']).optional(),
  /** 'WxH' of a banner slot. */
  size: z
    .string()
    .regex(/^\d{2,4}x\d{2,4}$/)
    .optional(),
  variant: z.enum(['widget', 'alert']).optional(),
});
export type ServeQuery = z.infer<typeof ServeQuerySchema>;

export const ServeAnswerSchema = z.object({
  /** Banner: a self-contained document for an iframe's srcdoc (image link to clickUrl). */
  html: z.string().optional(),
  /** Banner image URL and its slot. */
  image: z.string().optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  /** Native fields. */
  title: z.string().optional(),
  description: z.string().optional(),
  descriptionShort: z.string().optional(),
  thumbnail: z.string().optional(),
  cta: z.string().optional(),
  brand: z.string().optional(),
  displayUrl: z.string().optional(),
  /** Popunder: minutes between two openings for one visitor. */
  interval: z.number().int().optional(),
  /** Signed click redirect (GET /click/{token}); for popunder, the URL to open. */
  clickUrl: z.string(),
});
export type ServeAnswer = z.infer<typeof ServeAnswerSchema>;
