import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { COLOR_SCHEME_SCRIPT } from '@cryptads/contract/color-scheme';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * The front door: the entry, the landing layout and the login screen, with what the landing
 * loads as soon as it shows (the slider on a wide window, the colour-scheme button).
 */
const FRONT_DOOR_ROOTS = [
  /src[\\/]main\.tsx$/,
  /features[\\/]auth[\\/]components[\\/](landing-layout|slider)\.tsx$/,
  /features[\\/]auth[\\/]routes[\\/]login-page\.tsx$/,
  /ui[\\/]color-scheme-toggle\.tsx$/,
];

/** Library index files that re-export every component, hook or icon: followed name by name. */
const LIBRARY_INDEXES: Record<string, RegExp> = {
  '@mantine/core': /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]index\.mjs$/,
  '@mantine/hooks': /node_modules[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/,
  '@tabler/icons-react': /node_modules[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]tabler-icons-react\.mjs$/,
};

const IMPORT_LIST = /\b(import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;

/** `a`, `b as c`, `type d` → [name, alias] pairs, type-only ones left out. */
const specifiers = (list: string) =>
  list
    .split(',')
    .map((spec) => spec.trim())
    .filter((spec) => spec && !spec.startsWith('type '))
    .map((spec) => {
      const [name = '', alias] = spec.split(/\s+as\s+/);
      return [name, alias ?? name] as const;
    });

/** The names a module imports from `from` (`import { a, b as c }`: a and b). */
const namesImported = (code: string, from: string) =>
  [...code.matchAll(IMPORT_LIST)]
    .filter((m) => m[1] === 'import' && m[3] === from)
    .flatMap((m) => specifiers(m[2] ?? '').map(([name]) => name));

/**
 * Export name → file of an index file: `import { X } from './x.mjs'` and then `export { X }`
 * (Mantine), or `export { default as X } from './x.mjs'` (Tabler).
 */
function indexFiles(indexId: string, code: string) {
  const files = new Map<string, string>();
  const local = new Map<string, string>();
  for (const [, kind, list = '', from = ''] of code.matchAll(IMPORT_LIST)) {
    if (!from.startsWith('.')) continue;
    const file = path.resolve(path.dirname(indexId), from);
    for (const [, alias] of specifiers(list)) (kind === 'import' ? local : files).set(alias, file);
  }
  for (const [, list = ''] of code.matchAll(/\bexport\s*\{([^}]*)\}\s*;/g))
    for (const [name, alias] of specifiers(list)) {
      const file = local.get(name);
      if (file) files.set(alias, file);
    }
  return files;
}

/**
 * Every module the front door imports statically, found in the module graph once the build has
 * read it (before it splits the chunks). Through a library's index file, which imports every
 * component, only the names imported are followed, as tree-shaking keeps only them. The
 * library pieces among them make the `ui-base` chunk: the login downloads the Mantine
 * components, hooks and icons it draws with and none of the others, with no list to keep.
 */
const frontDoor = new Set<string>();
const frontDoorModules: Plugin = {
  name: 'cryptads:front-door-modules',
  apply: 'build',
  buildEnd() {
    frontDoor.clear();
    const indexes = new Map<string, Map<string, string>>();
    const filesOf = (indexId: string) => {
      const files = indexes.get(indexId) ?? indexFiles(indexId, this.getModuleInfo(indexId)?.code ?? '');
      indexes.set(indexId, files);
      return files;
    };
    const queue = [...this.getModuleIds()].filter((id) => FRONT_DOOR_ROOTS.some((root) => root.test(id)));
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (frontDoor.has(id)) continue;
      frontDoor.add(id);
      const info = this.getModuleInfo(id);
      for (const imported of info?.importedIds ?? []) {
        const index = Object.entries(LIBRARY_INDEXES).find(([, test]) => test.test(imported));
        if (!index) {
          queue.push(imported);
          continue;
        }
        const files = filesOf(imported);
        for (const name of namesImported(info?.code ?? '', index[0])) {
          const file = files.get(name);
          // Better a failed build than a login that silently downloads the whole library.
          if (!file) throw new Error(`${id} imports ${name} from ${index[0]}: not found in its index file`);
          queue.push(file);
        }
      }
    }
  },
};
const isUiBase = (id: string) => frontDoor.has(id) && /node_modules[\\/](@mantine|@tabler|clsx)[\\/]/.test(id);
const api = 'http://localhost:3000';

/**
 * The colour scheme script, first in the head of index.html: a page the server rendered paints
 * before the app's script runs, in the scheme the person chose (docs/decisions/062). The
 * server's CSP allows this exact text by its hash (packages/contract/src/color-scheme.ts).
 */
const colorSchemeScript: Plugin = {
  name: 'cryptads:color-scheme-script',
  transformIndexHtml: () => [{ tag: 'script', children: COLOR_SCHEME_SCRIPT, injectTo: 'head-prepend' }],
};

/**
 * `vite build --ssr`: the server's renderer of the pages (src/entry-server.tsx, decision 062)
 * into dist/ssr/, one file with every library and screen in it, so that it runs wherever the
 * build is copied and a rebuilt one is loaded whole (Node keeps every module URL it imported:
 * chunks shared between two builds would mix them). The client build runs first (it empties
 * dist/); CSS modules get the same class names in both, and the server's HTML links the
 * client's stylesheets.
 */
const ssrBuild = (mode: string) =>
  defineConfig({
    plugins: [react()],
    css: { postcss: here },
    ssr: { noExternal: true },
    // React's production build, as the browser's: an SSR build otherwise leaves NODE_ENV to the
    // server's environment ('test' in the tests and benches), where React's development build
    // renders a dashboard several times slower.
    define: { 'process.env.NODE_ENV': JSON.stringify(mode === 'development' ? 'development' : 'production') },
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: 'dist/ssr',
      emptyOutDir: true,
      copyPublicDir: false,
      sourcemap: false,
      minify: false,
      assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });

// No `root` here: the root vitest.config.ts extends this file for the "web" project and
// resolves its include globs from the repository root. `vite build apps/web` and
// `npm run build -w @cryptads/web` both set the root to this folder.
const clientBuild = defineConfig({
  plugins: [
    react(),
    frontDoorModules,
    colorSchemeScript,
    // A brotli and a gzip copy beside every text file worth compressing; the server sends the
    // best one the browser accepts (apps/server/src/plugins/spa.ts, decision 027). Built once
    // at the highest levels instead of compressed again on every request.
    compression({
      include: /\.(js|css|html|svg|json)$/,
      threshold: 1024,
      algorithms: ['brotliCompress', 'gzip'],
      skipIfLargerOrEqual: true,
    }),
  ],
  // postcss.config.cjs lives beside this file whatever the root is.
  css: { postcss: here },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/dev': { target: api, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/dev': { target: api, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser we support has modulepreload; the polyfill would only add bytes.
    // The entry chunk lists, for each lazy screen, the files to preload with it. Only the
    // front door (landing, login, the authenticated area) keeps its list there; the other
    // public screens load their few extra files when opened (decision 002).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (filename, deps, { hostType }) =>
        hostType === 'js' &&
        /(two-factor|signup|forgot|password-recovery|banned|guide|legal|preview)-page/.test(filename)
          ? []
          : deps,
    },
    // Slider images are files, not base64 inside the JavaScript the login page waits for.
    rolldownOptions: {
      output: {
        // The framework every screen needs in one file: fewer requests, better compression.
        // Below it, library pieces that several screens share would otherwise each become a
        // chunk of their own (Mantine's Text, Box, Modal, each icon: 134 files under 2 KB):
        // the ones the front door uses join `ui-base` (found by `frontDoorModules`), the rest
        // of Mantine `ui`, the date picker `dates`, the table library `table`, the other icons
        // `icons` (decisions 027 and 048). A module that one screen alone uses stays in its chunk.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](react-query|query-core))[\\/]/,
              priority: 3,
            },
            // TanStack Table: the screens with a data table only.
            { name: 'table', test: /node_modules[\\/]@tanstack[\\/]/, priority: 3, minShareCount: 2 },
            { name: 'ui-base', test: isUiBase, priority: 2 },
            // The rest of Mantine (overlays, comboboxes, tabs, floating-ui): the authenticated
            // screens only. Listed before `dates` so that the Mantine pieces the date picker
            // shares with the other screens stay here.
            {
              name: 'ui',
              test: /node_modules[\\/](@mantine[\\/](core|hooks|notifications)|@floating-ui)[\\/]/,
              priority: 1,
              minShareCount: 2,
            },
            // @mantine/dates and dayjs (and their stylesheet): the screens with a date field.
            { name: 'dates', test: /node_modules[\\/](@mantine[\\/]dates|dayjs)[\\/]/, priority: 1, minShareCount: 2 },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/, priority: 1, minShareCount: 2 },
          ],
        },
      },
    },
    assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
  },
});

export default defineConfig((env) => (env.isSsrBuild ? ssrBuild(env.mode) : clientBuild));
