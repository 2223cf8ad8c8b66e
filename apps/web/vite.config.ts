import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * Mantine components the front door (landing, login) draws with: the `ui-base` chunk, with
 * Mantine's core and hooks (left to the `ui` chunk, a hook the login needs would make it
 * download all of `ui`).
 */
const UI_BASE_COMPONENTS = [
  'ActionIcon',
  'Alert',
  'Anchor',
  'Button',
  'Center',
  'Checkbox',
  'CloseButton',
  'Group',
  'InlineInput',
  'Input',
  'InputBase',
  'Loader',
  'Paper',
  'PasswordInput',
  'Stack',
  'Text',
  'TextInput',
  'ThemeIcon',
  'Title',
  'Transition',
  'UnstyledButton',
  'VisuallyHidden',
];
const uiBase = new RegExp(
  `node_modules[\\\\/]@mantine[\\\\/](hooks[\\\\/]|core[\\\\/]esm[\\\\/](core|components[\\\\/](${UI_BASE_COMPONENTS.join('|')}))[\\\\/])`,
);
const isUiBase = (id: string) => uiBase.test(id);
const api = 'http://localhost:3000';

// No `root` here: the root vitest.config.ts extends this file for the "web" project and
// resolves its include globs from the repository root. `vite build apps/web` and
// `npm run build -w @cryptads/web` both set the root to this folder.
export default defineConfig({
  plugins: [
    react(),
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
        // the ones the front door needs join one chunk, the rest of Mantine another, the icons
        // a third (decision 027). A module that one screen alone uses stays in its chunk.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](react-query|query-core))[\\/]/,
              priority: 3,
            },
            { name: 'table', test: /node_modules[\\/]@tanstack[\\/]/, priority: 3, minShareCount: 2 },
            { name: 'ui-base', test: isUiBase, priority: 2, minShareCount: 2 },
            // The rest of Mantine (overlays, comboboxes, tables, tabs, floating-ui): the
            // authenticated screens only.
            { name: 'ui', test: /node_modules[\\/](@mantine[\\/](core|hooks|notifications)|@floating-ui)[\\/]/, priority: 1, minShareCount: 2 },
            { name: 'dates', test: /node_modules[\\/](@mantine[\\/]dates|dayjs)[\\/]/, priority: 1, minShareCount: 2 },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/, priority: 1, minShareCount: 2 },
          ],
        },
      },
    },
    assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
  },
});
