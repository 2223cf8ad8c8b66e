// `npm run lint:decisions`: the decision records keep their own rules (docs/architecture.md#habits).
// - Every record (docs/decisions/NNN-*.md) has a Status line and a Date line (YYYY-MM-DD) before
//   its first section.
// - A record that says it amends or supersedes NNN ("Status: Accepted (amends 011, 014)",
//   "Amends: [027](...)", "Supersedes the ... of decision 007") is linked from NNN: NNN's file holds
//   a Markdown link to the amending record's file, e.g. "Amended by [041](041-....md): ...".
// Plain Node, no dependencies; exits 1 with one line per problem.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Another folder may be given (to try the check on a copy).
const dir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../docs/decisions'));
const records = new Map(
  readdirSync(dir)
    .filter((name) => /^\d{3}-.+\.md$/.test(name))
    .sort()
    .map((name) => [name.slice(0, 3), { name, text: readFileSync(path.join(dir, name), 'utf8') }]),
);

/** The header: everything before the first section (## ...), as fields (a line 'Key: ...' and its continuations). */
function headerFields(text) {
  const header = text.split(/^## /m)[0] ?? '';
  const fields = [];
  for (const line of header.split('\n').slice(1)) {
    if (/^[A-Z][A-Za-z ]*:/.test(line)) fields.push(line.trim());
    else if (line.trim() && fields.length > 0) fields[fields.length - 1] += ` ${line.trim()}`;
  }
  return fields;
}

/**
 * The records a text says it amends or supersedes: the numbers after the word, to the end of
 * its clause (a full stop, a semicolon or a colon followed by a space, or the end).
 */
function amendedIn(text) {
  const found = new Set();
  for (const match of text.matchAll(/\b(?:amends|supersedes)\b:?([^\n]*)/gi)) {
    const clause = (match[1] ?? '').split(/[.;:](?:\s|$)/)[0] ?? '';
    for (const n of clause.matchAll(/\b(\d{3})\b/g)) found.add(n[1]);
  }
  return found;
}

const problems = [];
for (const [number, { name, text }] of records) {
  const fields = headerFields(text);
  if (!fields.some((f) => /^Status: \S/.test(f))) problems.push(`${name}: no 'Status:' line before its first section`);
  if (!fields.some((f) => /^Date: \d{4}-\d{2}-\d{2}\b/.test(f)))
    problems.push(`${name}: no 'Date: YYYY-MM-DD' line before its first section`);
  const body = text.split(/^## /m).slice(1).join('## ');
  const amended = new Set([...amendedIn(fields.join('\n')), ...amendedIn(body)]);
  for (const target of amended) {
    if (target === number) continue;
    const older = records.get(target);
    if (!older) {
      problems.push(`${name}: says it amends ${target}, which is not a record`);
      continue;
    }
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (!new RegExp(`\\]\\((?:\\./)?${escaped}(?:#[^)]*)?\\)`).test(older.text))
      problems.push(
        `${older.name}: amended by ${number} (${name} says so) but does not link it; add 'Amended by [${number}](${name}): ...'`,
      );
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`docs/decisions/${problem}`);
  process.exit(1);
}
console.log(`docs/decisions: ${records.size} records, each with Status and Date, every amendment linked.`);
