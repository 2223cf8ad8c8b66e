import type { Plugin } from 'esbuild';

/** See esbuild-plugin.mjs: resolves a Prebid.js module's '../src/…' and '../libraries/…' imports to the `prebid.js` package. */
export function prebidModules(options?: { from?: string }): Plugin;
