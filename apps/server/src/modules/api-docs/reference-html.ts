import { Marked } from 'marked';

/**
 * The API reference as HTML, rendered by the server from the public OpenAPI document
 * (docs/decisions/043, amended by 057): the guide, then per tag each operation with its
 * method and path, description, scope, parameters, request body, answers (schemas as nested
 * property lists) and an example request and answer, each with an anchor; the shared schemas
 * last. A browser shows it as it arrives, without running any script: Scalar's interactive
 * reference is loaded only when the reader asks for it (reference.page.ts).
 */

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is walked as plain JSON.
type Json = Record<string, any>;

const escapeHtml = (text: string) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** `Rate limits` → `rate-limits`: the anchor of a heading of the guide. */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The document's texts are ours (the endpoint table, the guide): Markdown, HTML in them
 * escaped; headings get an anchor.
 */
const markdown = new Marked({
  gfm: true,
  renderer: {
    html: ({ text }) => escapeHtml(text),
    // Reachable by keyboard: a long line scrolls.
    code: ({ text, lang }) =>
      `<pre tabindex="0"><code${lang ? ` class="language-${escapeHtml(lang)}"` : ''}>${escapeHtml(text)}</code></pre>\n`,
    heading({ tokens, depth }) {
      const inner = this.parser.parseInline(tokens);
      return `<h${depth} id="${slug(inner)}">${inner}</h${depth}>\n`;
    },
  },
});
const md = (text: string | undefined) => (text ? (markdown.parse(text, { async: false }) as string) : '');

/** Anchors: `operation/<operationId>`, `tag/<name>`, `schema/<name>`. */
export const operationAnchor = (operationId: string) => `operation/${operationId}`;
const tagAnchor = (name: string) => `tag/${name}`;
const schemaAnchor = (name: string) => `schema/${name}`;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** `#/components/<kind>/<name>` → the object, or undefined. */
function resolve(doc: Json, value: Json | undefined): Json | undefined {
  const ref = value?.$ref;
  if (typeof ref !== 'string') return value;
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<Json | undefined>((node, key) => node?.[key], doc);
}

const refName = (value: Json | undefined) =>
  typeof value?.$ref === 'string' ? (value.$ref.split('/').at(-1) as string) : undefined;

/** The safe-integer bounds zod writes on every integer say nothing to a reader. */
const SAFE = Number.MAX_SAFE_INTEGER;

/** A schema's type in a few words: `string (date)`, `integer`, `array of object`, `A | null`. */
function typeOf(doc: Json, schema: Json | undefined): string {
  if (!schema) return 'any';
  const name = refName(schema);
  if (name) return name;
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants)) return variants.map((v: Json) => typeOf(doc, v)).join(' | ');
  if (Array.isArray(schema.allOf)) return schema.allOf.map((v: Json) => typeOf(doc, v)).join(' & ');
  // A value of its own (one variant of a choice): the value says more than its type.
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v: unknown) => JSON.stringify(v)).join(' | ');
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return 'any';
  return types
    .map((t) => {
      if (t === 'array') return `array of ${typeOf(doc, schema.items)}`;
      if (t === 'string' && schema.format) return `string (${schema.format})`;
      return t;
    })
    .join(' | ');
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The constraints and values worth reading beside a type. */
function facts(schema: Json): string[] {
  const out: string[] = [];
  if (schema.minimum !== undefined && schema.minimum > -SAFE) out.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) out.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined && schema.maximum < SAFE) out.push(`≤ ${schema.maximum}`);
  if (schema.exclusiveMaximum !== undefined) out.push(`< ${schema.exclusiveMaximum}`);
  if (schema.minLength !== undefined) out.push(`at least ${count(schema.minLength, 'character')}`);
  if (schema.maxLength !== undefined) out.push(`at most ${count(schema.maxLength, 'character')}`);
  if (schema.minItems !== undefined) out.push(`at least ${count(schema.minItems, 'item')}`);
  if (schema.maxItems !== undefined) out.push(`at most ${count(schema.maxItems, 'item')}`);
  if (schema.pattern !== undefined) out.push(`pattern <code>${escapeHtml(schema.pattern)}</code>`);
  if (schema.default !== undefined) out.push(`default <code>${escapeHtml(JSON.stringify(schema.default))}</code>`);
  const example = schema.examples?.[0] ?? schema.example;
  if (example !== undefined) out.push(`example <code>${escapeHtml(JSON.stringify(example))}</code>`);
  return out;
}

/** The object whose properties a schema lists, through an array's items or a nullable variant. */
function propertiesOf(doc: Json, schema: Json | undefined, depth: number): Json | undefined {
  if (!schema || depth > 8 || refName(schema)) return undefined;
  if (schema.properties) return schema;
  if (schema.items) return propertiesOf(doc, schema.items, depth);
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants)) {
    const objects = variants.filter((v: Json) => propertiesOf(doc, v, depth));
    if (objects.length === 1) return propertiesOf(doc, objects[0], depth);
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
    return propertiesOf(doc, schema.additionalProperties, depth);
  return undefined;
}

/** A schema as a nested list of its properties: name, type, required, description, constraints. */
function schemaTree(doc: Json, schema: Json | undefined, depth = 0): string {
  const object = propertiesOf(doc, schema, depth);
  if (!object) return '';
  const required = new Set<string>(object.required ?? []);
  const items = Object.entries(object.properties as Json).map(([name, property]) => {
    const p = property as Json;
    const name_ = refName(p);
    const type = name_ ? `<a href="#${schemaAnchor(name_)}">${escapeHtml(name_)}</a>` : escapeHtml(typeOf(doc, p));
    const notes = [required.has(name) ? '<span class="req">required</span>' : '', ...facts(p)].filter(Boolean);
    return `<li><code class="prop">${escapeHtml(name)}</code> <span class="type">${type}</span>${
      notes.length ? ` <span class="facts">${notes.join('; ')}</span>` : ''
    }${p.description ? `<div class="desc">${md(p.description)}</div>` : ''}${schemaTree(doc, p, depth + 1)}</li>`;
  });
  return `<ul class="props">${items.join('')}</ul>`;
}

/** A plausible value for `schema`: its example, default or first allowed value, else one of its type. */
function exampleOf(doc: Json, schema: Json | undefined, depth = 0): unknown {
  const s = resolve(doc, schema);
  if (!s || depth > 8) return null;
  if (s.examples?.[0] !== undefined) return s.examples[0];
  if (s.example !== undefined) return s.example;
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum)) return s.enum[0];
  const variants = s.anyOf ?? s.oneOf;
  if (Array.isArray(variants)) {
    const nonNull = variants.find((v: Json) => v.type !== 'null');
    return exampleOf(doc, nonNull ?? variants[0], depth + 1);
  }
  if (Array.isArray(s.allOf)) return Object.assign({}, ...s.allOf.map((v: Json) => exampleOf(doc, v, depth + 1)));
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  switch (type) {
    case 'object':
      if (!s.properties) return {};
      return Object.fromEntries(
        Object.entries(s.properties as Json).map(([name, p]) => [name, exampleOf(doc, p as Json, depth + 1)]),
      );
    case 'array':
      return [exampleOf(doc, s.items, depth + 1)];
    case 'integer':
    case 'number':
      return s.minimum !== undefined && s.minimum > -SAFE
        ? s.minimum
        : s.exclusiveMinimum !== undefined
          ? s.exclusiveMinimum + 1
          : 0;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      if (s.format === 'date') return '2026-01-31';
      if (s.format === 'date-time') return '2026-01-31T12:00:00.000Z';
      if (s.format === 'email') return 'name@example.com';
      if (s.format === 'uri') return 'https://example.com/';
      return 'string';
    default:
      return null;
  }
}

const jsonSchemaOf = (doc: Json, body: Json | undefined) => resolve(doc, body)?.content?.['application/json']?.schema;

/** A shell-quoted string for the curl example. */
const shellQuote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

function operationHtml(doc: Json, baseUrl: string, path: string, method: string, op: Json): string {
  const id = operationAnchor(op.operationId);
  const parameters = (op.parameters ?? []).map((p: Json) => resolve(doc, p) as Json);
  const body = jsonSchemaOf(doc, op.requestBody);
  const url = `${baseUrl}${path}`;
  const query = parameters.filter((p: Json) => p.in === 'query' && p.required);
  const exampleUrl =
    url.replace(/\{(\w+)\}/g, (_, name: string) => {
      const p = parameters.find((x: Json) => x.in === 'path' && x.name === name);
      return String(exampleOf(doc, p?.schema) ?? name);
    }) +
    (query.length
      ? `?${query.map((p: Json) => `${p.name}=${encodeURIComponent(String(exampleOf(doc, p.schema)))}`).join('&')}`
      : '');
  const curl = [
    `curl${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} ${shellQuote(exampleUrl)}`,
    `  -H "Authorization: Bearer $CRYPTADS_KEY"`,
    ...(body
      ? ['  -H "Content-Type: application/json"', `  -d ${shellQuote(JSON.stringify(exampleOf(doc, body)))}`]
      : []),
  ].join(' \\\n');
  const responses = Object.entries((op.responses ?? {}) as Json);
  const success = responses.find(([status]) => status.startsWith('2'));
  const successSchema = success ? jsonSchemaOf(doc, success[1] as Json) : undefined;
  const parts = [
    `<article class="op" id="${escapeHtml(id)}">`,
    `<h3><a class="anchor" href="#${escapeHtml(id)}">${escapeHtml(op.summary ?? op.operationId)}</a></h3>`,
    `<p class="endpoint"><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(url)}</code></p>`,
    md(op.description),
  ];
  if (parameters.length)
    parts.push(
      '<h4>Parameters</h4><table class="params"><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Description</th></tr></thead><tbody>',
      ...parameters.map(
        (p: Json) =>
          `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? ' <span class="req">required</span>' : ''}</td><td>${escapeHtml(p.in)}</td><td>${escapeHtml(typeOf(doc, p.schema))}${
            p.schema ? ` <span class="facts">${facts(p.schema).join('; ')}</span>` : ''
          }</td><td>${md(p.description)}</td></tr>`,
      ),
      '</tbody></table>',
    );
  if (body) {
    const requestBody = resolve(doc, op.requestBody) as Json;
    parts.push(
      `<h4>Request body${requestBody.required ? ' <span class="req">required</span>' : ''}</h4>`,
      md(requestBody.description),
      `<p class="type">${escapeHtml(typeOf(doc, body))}</p>`,
      schemaTree(doc, resolve(doc, body)),
    );
  }
  parts.push('<h4>Answers</h4><dl class="answers">');
  for (const [status, answer] of responses) {
    const a = resolve(doc, answer as Json) as Json;
    const name = refName(answer as Json);
    const headers = Object.entries((a.headers ?? {}) as Json).map(([header, h]) => {
      const resolved = resolve(doc, h as Json) as Json;
      return `<li><code>${escapeHtml(header)}</code> ${md(resolved?.description)}</li>`;
    });
    const schema = jsonSchemaOf(doc, a);
    parts.push(
      `<dt><span class="status s${status[0]}">${escapeHtml(status)}</span>${name ? ` ${escapeHtml(name)}` : ''}</dt><dd>${md(a.description)}`,
      headers.length ? `<p>Headers:</p><ul class="headers">${headers.join('')}</ul>` : '',
      status.startsWith('2') && schema ? schemaTree(doc, resolve(doc, schema)) : '',
      !status.startsWith('2') && schema
        ? `<p class="type">Body: <a href="#${schemaAnchor(refName(schema) ?? '')}">${escapeHtml(refName(schema) ?? typeOf(doc, schema))}</a></p>`
        : '',
      '</dd>',
    );
  }
  parts.push('</dl>', '<h4>Example</h4>', `<pre class="code" tabindex="0"><code>${escapeHtml(curl)}</code></pre>`);
  if (successSchema)
    parts.push(
      `<p>Answer ${escapeHtml(success?.[0] ?? '')}:</p><pre class="code" tabindex="0"><code>${escapeHtml(JSON.stringify(exampleOf(doc, successSchema), null, 2))}</code></pre>`,
    );
  parts.push('</article>');
  return parts.join('\n');
}

type Operation = { path: string; method: string; op: Json };

/** The operations of each tag, in the document's order of paths. */
function byTag(doc: Json): Map<string, Operation[]> {
  const tags = new Map<string, Operation[]>(((doc.tags ?? []) as Json[]).map((t) => [t.name as string, []]));
  for (const [path, methods] of Object.entries((doc.paths ?? {}) as Json))
    for (const method of METHODS) {
      const op = (methods as Json)[method];
      if (!op) continue;
      for (const tag of op.tags?.length ? op.tags : ['other']) {
        if (!tags.has(tag)) tags.set(tag, []);
        tags.get(tag)?.push({ path, method, op });
      }
    }
  return tags;
}

/** The guide's own sections (its `##` headings), listed under Introduction. */
function guideToc(description: string | undefined): string {
  const headings = [...(description ?? '').matchAll(/^## (.+)$/gm)].map((m) => m[1] as string);
  if (!headings.length) return '';
  return `<ul>${headings
    .map((h) => {
      const html = markdown.parseInline(h, { async: false }) as string;
      return `<li><a href="#${slug(html)}">${html}</a></li>`;
    })
    .join('')}</ul>`;
}

export type ReferenceOptions = {
  title: string;
  /** Where requests go, as the examples write it (the public URL and the document's server). */
  baseUrl: string;
  /** The document's own address, linked from the page. */
  documentUrl: string;
  /** The page's one script (deferred): it loads Scalar when the reader asks for it. */
  scriptUrl: string;
};

/** The whole page. */
export function renderReference(doc: Json, opts: ReferenceOptions): string {
  const tags = byTag(doc);
  const security = Object.entries((doc.components?.securitySchemes ?? {}) as Json);
  const schemas = Object.entries((doc.components?.schemas ?? {}) as Json);
  const nav = [
    '<nav class="toc" aria-label="Contents"><ul>',
    `<li><a href="#introduction">Introduction</a>${guideToc(doc.info?.description)}</li>`,
    security.length ? '<li><a href="#authentication">Authentication</a></li>' : '',
    ...[...tags].map(
      ([tag, ops]) =>
        `<li><a href="#${escapeHtml(tagAnchor(tag))}">${escapeHtml(tag)}</a><ul>${ops
          .map(
            ({ method, op }) =>
              `<li><a href="#${escapeHtml(operationAnchor(op.operationId))}"><span class="method ${method}">${method.toUpperCase()}</span> ${escapeHtml(op.summary ?? op.operationId)}</a></li>`,
          )
          .join('')}</ul></li>`,
    ),
    schemas.length ? '<li><a href="#schemas">Schemas</a></li>' : '',
    '</ul></nav>',
  ].join('');
  const tagDescriptions = new Map(((doc.tags ?? []) as Json[]).map((t) => [t.name, t.description as string]));
  const main = [
    `<section id="introduction"><h2>Introduction</h2>${md(doc.info?.description)}</section>`,
    security.length
      ? `<section id="authentication"><h2>Authentication</h2>${security
          .map(
            ([name, scheme]) =>
              `<h3>${escapeHtml(name)}</h3><p><code>${escapeHtml([scheme.type, scheme.scheme, scheme.bearerFormat].filter(Boolean).join(' '))}</code></p>${md(scheme.description)}`,
          )
          .join('')}</section>`
      : '',
    ...[...tags].map(
      ([tag, ops]) =>
        `<section class="tag" id="${escapeHtml(tagAnchor(tag))}"><h2><a class="anchor" href="#${escapeHtml(tagAnchor(tag))}">${escapeHtml(tag)}</a></h2>${md(tagDescriptions.get(tag))}${ops
          .map(({ path, method, op }) => operationHtml(doc, opts.baseUrl, path, method, op))
          .join('\n')}</section>`,
    ),
    schemas.length
      ? `<section id="schemas"><h2>Schemas</h2>${schemas
          .map(
            ([name, schema]) =>
              `<article class="op" id="${escapeHtml(schemaAnchor(name))}"><h3>${escapeHtml(name)}</h3>${md(schema.description)}<p class="type">${escapeHtml(typeOf(doc, schema))}</p>${schemaTree(doc, schema)}</article>`,
          )
          .join('')}</section>`
      : '',
  ].join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(opts.title)}</title>
<meta name="description" content="Reference of the public API: endpoints, scopes, rate limits, idempotency and webhooks.">
<style>${STYLE}</style>
<script src="${escapeHtml(opts.scriptUrl)}" defer></script>
</head>
<body>
<header class="top"><h1>${escapeHtml(doc.info?.title ?? opts.title)}</h1><p>Version ${escapeHtml(doc.info?.version ?? '')} · <a href="${escapeHtml(opts.documentUrl)}">OpenAPI document</a></p><button type="button" id="interactive" hidden>Interactive reference: try requests</button></header>
<div class="layout">${nav}<main id="reference">${main}</main></div>
</body>
</html>
`;
}

const STYLE = `
:root{color-scheme:light dark;--fg:#1a1b1e;--muted:#5c5f66;--bg:#fff;--line:#e3e5e8;--code:#f4f5f7;--accent:#1971c2;--ok:#237032;--warn:#8f4a00;--err:#c92a2a}
@media (prefers-color-scheme:dark){:root{--fg:#e6e7e9;--muted:#a0a4ab;--bg:#141517;--line:#2c2e33;--code:#1f2023;--accent:#4dabf7;--ok:#69db7c;--warn:#ffa94d;--err:#ff8787}}
*{box-sizing:border-box}
body{margin:0;font:15px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--accent)}
code,pre{font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
:not(pre)>code{background:var(--code);padding:.1em .3em;border-radius:4px}
pre{background:var(--code);padding:.75rem 1rem;border-radius:6px;overflow:auto}
.top{padding:1rem 1.5rem;border-bottom:1px solid var(--line)}
.top h1{margin:0 0 .25rem;font-size:1.5rem}
.top p{margin:0;color:var(--muted)}
.top button{margin-top:.5rem;font:inherit;color:var(--accent);background:none;border:1px solid var(--line);border-radius:4px;padding:.1rem .5rem;cursor:pointer}
.layout{display:flex;align-items:flex-start}
.toc{position:sticky;top:0;max-height:100vh;overflow:auto;flex:0 0 18rem;padding:1rem;border-right:1px solid var(--line);font-size:14px}
.toc ul{list-style:none;margin:0;padding:0}
.toc ul ul{margin:.25rem 0 .75rem .25rem}
.toc a{text-decoration:none;display:block;padding:.1rem 0}
main{flex:1;min-width:0;max-width:60rem;padding:0 1.5rem 4rem}
h2{margin-top:2.5rem;padding-top:1rem;border-top:1px solid var(--line);text-transform:capitalize}
#introduction h2,#introduction~h2{text-transform:none}
.op{margin:2rem 0;padding-bottom:1rem;border-bottom:1px dashed var(--line)}
.op h3{margin-bottom:.25rem}
.anchor{color:inherit;text-decoration:none}
.endpoint code{font-size:14px}
.method{display:inline-block;min-width:3.6em;text-align:center;font:600 11px/1.8 ui-monospace,monospace;border-radius:4px;color:#fff;background:#5c5f66}
.method.get{background:#237032}.method.post{background:#1971c2}.method.put,.method.patch{background:#b35c00}.method.delete{background:#c92a2a}
.req{color:var(--err);font-size:12px}
.type{color:var(--muted)}
.facts{color:var(--muted);font-size:13px}
.props{list-style:none;padding-left:1rem;border-left:2px solid var(--line);margin:.25rem 0}
.props li{margin:.35rem 0}
.desc p{margin:.1rem 0}
table{border-collapse:collapse;width:100%;font-size:14px}
th,td{text-align:left;vertical-align:top;border-bottom:1px solid var(--line);padding:.35rem .5rem}
td p{margin:0}
.answers dt{margin-top:.5rem;font-weight:600}
.answers dd{margin:0 0 .5rem 1rem}
.status{font:600 12px ui-monospace,monospace;padding:0 .3em;border-radius:4px;background:var(--code)}
.status.s2{color:var(--ok)}.status.s4{color:var(--warn)}.status.s5{color:var(--err)}
@media (max-width:50rem){.layout{display:block}.toc{position:static;max-height:40vh;border-right:0;border-bottom:1px solid var(--line)}}
`;
