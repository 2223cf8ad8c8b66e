import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = import.meta.dirname;
const coreStyles = path.resolve(src, '../../../node_modules/@mantine/core/styles');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every name a screen imports from @mantine/core (type-only names included: they have no CSS file). */
function importedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(src))
    for (const match of readFileSync(file, 'utf8').matchAll(
      /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@mantine\/core'/g,
    ))
      for (const part of (match[1] ?? '').split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0];
        if (name) names.add(name);
      }
  return names;
}

// main.tsx imports src/mantine.css instead of all of @mantine/core/styles.css (decision 027):
// a component imported without its stylesheet would render unstyled in the built app only.
describe('src/mantine.css', () => {
  const sheet = readFileSync(path.join(src, 'mantine.css'), 'utf8');
  const imported = [...sheet.matchAll(/@import "@mantine\/core\/styles\/([\w-]+)\.css";/g)].map((m) => m[1] ?? '');

  it('imports the stylesheet of every @mantine/core component the app imports', () => {
    const missing = [...importedNames()].filter(
      (name) => existsSync(path.join(coreStyles, `${name}.css`)) && !imported.includes(name),
    );
    expect(missing).toEqual([]);
  });

  // Mantine's "CSS files list" page: the styles its components share internally (Radio and
  // Switch draw with InlineInput, Select with Popover and Input...). Imported whether or not a
  // screen imports the component itself.
  it('imports the styles Mantine components share internally', () => {
    const shared = [
      'ScrollArea',
      'UnstyledButton',
      'VisuallyHidden',
      'Paper',
      'Popover',
      'CloseButton',
      'Group',
      'Loader',
      'Overlay',
      'ModalBase',
      'Input',
      'InlineInput',
      'Flex',
      'FloatingIndicator',
      'ActionIcon',
    ];
    expect(shared.filter((name) => !imported.includes(name))).toEqual([]);
  });

  it('keeps the order of @mantine/core/styles.css, globals first, so the cascade is unchanged', () => {
    const whole = readFileSync(path.join(coreStyles, '../styles.css'), 'utf8');
    const position = (name: string) =>
      whole.indexOf(readFileSync(path.join(coreStyles, `${name}.css`), 'utf8').slice(0, 200));
    const positions = imported.map((name) => ({ name, at: position(name) }));
    expect(positions.filter((p) => p.at < 0)).toEqual([]);
    expect(imported.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    expect(positions.map((p) => p.name)).toEqual([...positions].sort((a, b) => a.at - b.at).map((p) => p.name));
  });
});
