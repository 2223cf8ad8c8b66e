import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountType } from '@cryptads/contract/account';
import { UploadRequestSchema, UploadResponseSchema } from '@cryptads/contract/campaigns';
import { ok, parseOrThrow, replies } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { contentTypeOfKey } from '../../adapters/storage/storage';
import { createUpload } from './uploads.service';

/** POST /api/uploads: a creative file as a JSON data URL (checked by content, not by name). */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/uploads',
    {
      preHandler: app.requireUser({ types: [AccountType.Advertiser] }),
      // 300 KB as base64 is 400 KB; the margin lets a larger file get the size message.
      bodyLimit: 1_600_000,
      validatorCompiler: () => (data) => ({ value: data }),
      schema: {
        tags: ['campaigns'],
        security: [{ bearer: [] }],
        summary: 'Upload a banner, native thumbnail or cover',
        description:
          'Body {purpose, name, data: "data:image/png;base64,..." , size?}. The type comes from the bytes (jpg/png/gif; no gif for native), the file must be under 300,000 bytes, banners one of the display sizes or x2, thumbnail 128x128, cover 800x600. `size` (change banner) demands that size or its x2.',
        body: UploadRequestSchema,
        response: replies(UploadResponseSchema),
      },
    },
    async (request) =>
      ok(await createUpload(app.ctx, authOf(request).user, parseOrThrow(UploadRequestSchema, request.body))),
  );
};

/**
 * GET /uploads/<key>: stored files, public (previews and, later, ad delivery). The key is
 * random and carries the extension of the content's real type.
 */
export async function registerUploadFiles(app: FastifyInstance) {
  app.get<{ Params: { key: string } }>('/uploads/:key', { schema: { hide: true } }, async (request, reply) => {
    const type = contentTypeOfKey(request.params.key);
    const bytes = type ? await app.ctx.storage.get(request.params.key) : null;
    if (!type || !bytes) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .type(type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(bytes);
  });
}
