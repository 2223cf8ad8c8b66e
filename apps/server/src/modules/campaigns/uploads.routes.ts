import type { FastifyInstance } from 'fastify';
import { UploadRequestSchema } from '@cryptads/contract/campaigns';
import { uploadEndpoints as api } from '@cryptads/contract/endpoints/uploads';
import { IMAGE_WIDTHS } from '@cryptads/contract/image-widths';
import { contentTypeOfKey } from '../../adapters/storage/port';
import { route } from '../../lib/endpoint-routes';
import { parseOrThrow } from '../../lib/envelope';
import { acceptedFormat, imageVariant, isImageWidth, variantKey } from './image-variants';
import { createUpload } from './uploads.service';

/** POST /api/uploads: a creative file as a JSON data URL (checked by content, not by name). */
export const uploadRoutes = [
  route(
    api.create,
    async ({ ctx, auth, body }) => createUpload(ctx, auth.user, parseOrThrow(UploadRequestSchema, body)),
    {
      // 300 KB as base64 is 400 KB; the margin lets a larger file get the size message.
      bodyLimit: 1_600_000,
      validatorCompiler: () => (data) => ({ value: data }),
    },
  ),
];

/**
 * GET /uploads/<key>: stored files, public (previews and, later, ad delivery). The key is
 * random and carries the extension of the content's real type. `?w=<width>` (one of
 * IMAGE_WIDTHS) answers a picture resized to that width, as AVIF or WebP when the browser takes
 * them (Vary: Accept); a GIF is answered as it is.
 */
export async function registerUploadFiles(app: FastifyInstance) {
  app.get<{ Params: { key: string }; Querystring: { w?: string } }>(
    '/uploads/:key',
    { schema: { hide: true } },
    async (request, reply) => {
      const headers = (type: string) =>
        reply
          .type(type)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('content-security-policy', "default-src 'none'; sandbox");
      const notFound = () => reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      const { key } = request.params;
      const type = contentTypeOfKey(key);
      if (!type) return notFound();
      if (request.query.w !== undefined) {
        const width = Number(request.query.w);
        if (!isImageWidth(width))
          return reply
            .status(400)
            .type('text/plain; charset=utf-8')
            .send(`Widths: ${IMAGE_WIDTHS.join(', ')}.`);
        const format = acceptedFormat(request.headers.accept);
        if (variantKey(key, width, format)) {
          const variant = await imageVariant(app.ctx.storage, key, width, format);
          if (!variant) return notFound();
          return headers(contentTypeOfKey(variant.key) ?? type)
            .header('vary', 'Accept')
            .send(variant.bytes);
        }
      }
      const bytes = await app.ctx.storage.get(key);
      if (!bytes) return notFound();
      return headers(type).send(bytes);
    },
  );
}
