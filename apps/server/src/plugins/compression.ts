import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's answers above COMPRESS_THRESHOLD_BYTES with brotli or gzip, whichever
 * the request's Accept-Encoding prefers, with `Vary: Accept-Encoding` (docs/decisions/046).
 * Registered inside the /api scope only: the static files are precompressed at build time
 * (plugins/spa.ts), and the ad paths (/serve, /click) answer a few hundred bytes on the hot path,
 * so they never pass through it. Content types that do not compress (PDF, images) are left as
 * they are by the plugin's compressible-type check; CSV downloads are text and compress.
 * Brotli at quality 4: per-request compression of JSON, where quality 11 (the default, for
 * build-time assets) costs tens of milliseconds for little gain.
 */
export async function registerCompression(api: FastifyInstance) {
  await api.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    // A request body is never compressed by our clients: no decompression on the way in.
    globalDecompression: false,
  });
}
