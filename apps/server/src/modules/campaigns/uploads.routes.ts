import type { FastifyInstance } from 'fastify';
import { UploadRequestSchema } from '@cryptads/contract/campaigns';
import { uploadEndpoints as api } from '@cryptads/contract/endpoints/uploads';
import { contentTypeOfKey } from '../../adapters/storage/port';
import { route } from '../../lib/endpoint-routes';
import { parseOrThrow } from '../../lib/envelope';
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
