import sanitizeHtml from 'sanitize-html';

/**
 * A listing's description is HTML written by its seller (docs/product/marketplace.md#listing-detail: "the provider description
 * (HTML)") and shown as HTML on the listing page: it is cleaned when it is written (demo seed,
 * operator approval) to a safe subset: text formatting, lists, headings, tables and links.
 * No scripts, styles, event handlers, images (ours are served from the gallery) or iframes;
 * links only to http(s) and mailto, opened in a new tab without the opener.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'code',
    'hr',
  ],
  // rel and target of links are always ours (the transform below overwrites the seller's).
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  // Headings of a whole page would outrank the listing's own title.
  transformTags: {
    h1: 'h2',
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener noreferrer', target: '_blank' }, true),
  },
  disallowedTagsMode: 'discard',
};
/** The description as it may be stored and shown. */
export const sanitizeDescription = (html: string): string => sanitizeHtml(html, OPTIONS).trim();
