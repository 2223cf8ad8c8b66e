import { describe, expect, it } from 'vitest';
import { indexStylesheets, jsonForScript, pageDocument, stylesheetsFor } from './document';

describe('the HTML document of a rendered page', () => {
  it('writes the state so that no text inside it can close the script block or open markup', () => {
    const state = { name: '</script><script>alert(1)</script><!-- \u2028 & >' };
    const json = jsonForScript(state);
    expect(json).not.toContain('<');
    expect(json).toContain('\\u003c/script>');
    expect(JSON.parse(json)).toEqual(state);
  });

  it('links the chunk stylesheets whose classes the markup uses, and no other', () => {
    const index = indexStylesheets([
      { href: '/assets/shell-1.css', css: '._navbar_97ntq_1{color:red}._sidebar_97ntq_6:hover{margin:.5rem}' },
      { href: '/assets/dates-2.css', css: '.m_396ce5cb{padding:0}' },
      { href: '/assets/landing-3.css', css: '@media (min-width:48em){._panel_x1_1{display:block}}' },
    ]);
    const markup = '<nav class="m_1 _sidebar_97ntq_6"></nav><aside class="_panel_x1_1">.m_396ce5cb</aside>';
    expect(stylesheetsFor(markup, index)).toEqual(['/assets/shell-1.css', '/assets/landing-3.css']);
    // A number in a rule (.5rem) is no class.
    expect(stylesheetsFor('<p class="5rem"></p>', index)).toEqual([]);
  });

  it('puts the markup in #root, the state after it, the title and the stylesheets in the head', () => {
    const template =
      '<!doctype html><html><head><title>Cryptads</title><link rel="stylesheet" href="/assets/index.css"></head><body><div id="root"></div></body></html>';
    const page = pageDocument(template, {
      markup: '<main>$& $1</main>',
      title: 'Login - A & B',
      state: '{"cache":{}}',
      stylesheets: ['/assets/landing-3.css'],
    });
    expect(page).toBe(
      '<!doctype html><html><head><title>Login - A &amp; B</title><link rel="stylesheet" href="/assets/index.css"><link rel="stylesheet" crossorigin href="/assets/landing-3.css"></head><body><div id="root" aria-busy="true" aria-disabled="true"><main>$& $1</main></div><script type="application/json" id="cryptads-state">{"cache":{}}</script></body></html>',
    );
  });
});
