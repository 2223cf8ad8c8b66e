import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));
const api = 'http://localhost:3000';

// No `root` here: the root vitest.config.ts extends this file for the "web" project and
// resolves its include globs from the repository root. `vite build apps/web` and
// `npm run build -w @cryptads/web` both set the root to this folder.
export default defineConfig({
  plugins: [react()],
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
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ },
          ],
        },
      },
    },
    assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
  },
});
