// The build's last step (apps/web/package.json `build`, docs/decisions/062): the public screens
// whose HTML depends on nobody and on no data (login, sign-up, forgot, recovery) rendered to
// real HTML by the server's renderer (dist/ssr/entry-server.js, built just before), written to
// dist/prerendered/ with a brotli and a gzip copy each. The server sends them as they are; the
// browser hydrates them.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = path.resolve(import.meta.dirname, '../dist');
const { prerenderPublicPages } = await import(pathToFileURL(path.join(dist, 'ssr/entry-server.js')).href);
for (const { url, file, bytes } of await prerenderPublicPages(dist))
  console.log(`prerendered ${url} → dist/prerendered/${file} (${(bytes / 1024).toFixed(1)} KB)`);
