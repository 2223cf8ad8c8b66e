/**
 * The page's HTML document around what React rendered (docs/decisions/062): the built
 * index.html with the markup inside #root, the page's title, the stylesheets of the lazily
 * loaded chunks whose classes the markup uses, and the query cache's state for the browser.
 * Plain string work, no React: the server's renderer (entry-server.tsx) and the build's
 * prerendering both call it.
 */

import type { DehydratedState } from '@tanstack/react-query';

/** The id of the JSON block that carries the page's state; main.tsx hydrates when it is there. */
export const STATE_ELEMENT_ID = 'cryptads-state';

/** What that block carries: the query cache the page was rendered from, and the window width its render assumed. */
export type PageState = { cache: DehydratedState; viewportWidth: number };

/**
 * JSON for a `<script type="application/json">` block: `<` written as \u003c, so that nothing
 * inside it ("</script>", "<!--") can end the block or open markup, whatever a text holds.
 * U+2028 and U+2029 are escaped too (valid in JSON, not in older script parsers).
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Class names a stylesheet defines: `.name` outside of numbers (`.5rem` is not one). */
const CLASS_SELECTOR = /\.(-?[_a-zA-Z][_a-zA-Z0-9-]*)/g;
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;

export type StylesheetIndex = { href: string; classes: Set<string> }[];

/** Indexes the lazily loaded chunks' stylesheets (those index.html does not link) by the classes they define. */
export function indexStylesheets(files: { href: string; css: string }[]): StylesheetIndex {
  return files.map(({ href, css }) => ({
    href,
    classes: new Set([...css.matchAll(CLASS_SELECTOR)].map((m) => m[1] ?? '')),
  }));
}

/**
 * The stylesheets the markup needs beyond the template's: each chunk stylesheet that defines
 * a class the markup uses (a CSS module's `_navbar_97ntq_1`, a Mantine component's `m_…`).
 * Without them the page would paint unstyled until its script loaded them.
 */
export function stylesheetsFor(markup: string, index: StylesheetIndex): string[] {
  const used = new Set<string>();
  for (const [, list = ''] of markup.matchAll(CLASS_ATTRIBUTE)) for (const name of list.split(/\s+/)) used.add(name);
  return index.filter(({ classes }) => [...classes].some((name) => used.has(name))).map(({ href }) => href);
}

/** The attributes of #root in the server's HTML until the app is hydrated. */
export const NOT_HYDRATED = 'aria-busy="true" aria-disabled="true"';

export type PageParts = {
  /** React's markup for #root. */
  markup: string;
  title: string;
  /** jsonForScript of the query cache's state. */
  state: string;
  stylesheets: string[];
};

/**
 * The template (the built index.html) with the page's parts in place. Until the browser has
 * hydrated it, the page is drawn but does not answer yet: #root says so to assistive
 * technologies (and to automated browsers, which wait for an enabled control before they type
 * or click) with aria-busy and aria-disabled, which the app removes once hydrated (app/app.tsx).
 */
export function pageDocument(template: string, page: PageParts): string {
  const links = page.stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('');
  const state = `<script type="application/json" id="${STATE_ELEMENT_ID}">${page.state}</script>`;
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title)}</title>`)
    .replace('</head>', () => `${links}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root" ${NOT_HYDRATED}>${page.markup}</div>${state}`);
}
