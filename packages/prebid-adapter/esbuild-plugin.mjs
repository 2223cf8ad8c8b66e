import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Bundles Prebid.js modules written for Prebid's own tree (imports such as
 * '../src/adapters/bidderFactory.js' or '../libraries/ortbConverter/converter.js') with the
 * `prebid.js` npm package: those imports, from this package's modules/ folder, resolve to the
 * package's precompiled sources (dist/src), the very files `import pbjs from 'prebid.js'`
 * loads, so the adapter registers with the same Prebid instance.
 *
 *   import esbuild from 'esbuild';
 *   import { prebidModules } from '@cryptads/prebid-adapter/esbuild';
 *   await esbuild.build({ entryPoints: ['prebid-entry.js'], bundle: true, plugins: [prebidModules()], ... });
 *
 * `from`: where `prebid.js` is resolved (default: the current directory, i.e. the publisher's
 * project).
 */
export function prebidModules({ from = process.cwd() } = {}) {
  const modules = path.join(path.dirname(fileURLToPath(import.meta.url)), 'modules');
  return {
    name: 'cryptads-prebid-modules',
    setup(build) {
      // The package's main file is dist/src/src/prebid.public.js: dist/src is two folders up.
      const main = createRequire(path.join(from, 'noop.js')).resolve('prebid.js');
      const dist = path.resolve(path.dirname(main), '..');
      build.onResolve({ filter: /^\.\.\/(src|libraries)\// }, (args) => {
        if (path.dirname(args.importer) !== modules) return undefined;
        return { path: path.join(dist, args.path.slice(3)) };
      });
    },
  };
}
