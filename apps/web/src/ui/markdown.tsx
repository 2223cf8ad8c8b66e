import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The small Markdown subset the server's legal texts use (## headings, paragraphs, "1." and
 * "-" lists, **bold**, [links](url)), rendered as React elements: no HTML from the server
 * ever reaches the DOM, so there is nothing to sanitise.
 */
type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] };

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (list) blocks.push({ kind: 'list', ...list });
    paragraph = [];
    list = null;
  };
  for (const raw of source.replace(/\r\n/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const ordered = /^\d+[.)]\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]?.length ?? 2, text: heading[2] ?? '' });
    } else if (ordered || bullet) {
      const isOrdered = Boolean(ordered);
      if (paragraph.length || (list && list.ordered !== isOrdered)) flush();
      list ??= { ordered: isOrdered, items: [] };
      list.items.push((ordered ?? bullet)?.[1] ?? '');
    } else if (list && raw.startsWith(' ')) {
      // A continuation line of the last item.
      list.items[list.items.length - 1] += ` ${line}`;
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

const SAFE_URL = /^(https?:|mailto:|\/)/i;

/** **bold** and [text](url) inside a line. */
function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  let match: RegExpExecArray | null = pattern.exec(text);
  while (match) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const key = `${match.index}`;
    if (match[1] !== undefined) out.push(<strong key={key}>{match[1]}</strong>);
    else if (match[3] && SAFE_URL.test(match[3]))
      out.push(
        <Anchor key={key} href={match[3]} inherit>
          {match[2]}
        </Anchor>,
      );
    else out.push(match[2] ?? '');
    last = pattern.lastIndex;
    match = pattern.exec(text);
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** Renders the Markdown; `headingOffset` shifts levels so that a page keeps one h1. */
export function Markdown({ source, headingOffset = 1 }: { source: string; headingOffset?: number }) {
  return (
    <Stack gap="sm">
      {parseMarkdown(source).map((block, i) => {
        const key = `${block.kind}-${i}`;
        if (block.kind === 'heading') {
          const order = Math.min(6, block.level + headingOffset - 1) as 2 | 3 | 4 | 5 | 6;
          return (
            <Title key={key} order={Math.max(2, order) as 2 | 3 | 4 | 5 | 6} size="h4" mt="sm">
              {inline(block.text)}
            </Title>
          );
        }
        if (block.kind === 'list')
          return (
            <List key={key} type={block.ordered ? 'ordered' : 'unordered'} spacing={4} size="sm" withPadding>
              {block.items.map((item, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: list items of a static document never reorder.
                <List.Item key={j}>{inline(item)}</List.Item>
              ))}
            </List>
          );
        return (
          <Text key={key} size="sm">
            {inline(block.text)}
          </Text>
        );
      })}
    </Stack>
  );
}
