import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { Markdown, parseMarkdown } from './markdown';

describe('Markdown', () => {
  it('splits headings, paragraphs and both kinds of list', () => {
    expect(parseMarkdown('Intro line\ncontinues.\n\n## 1. Accounts\n\n1. One\n2. Two\n\n- a\n- b')).toEqual([
      { kind: 'paragraph', text: 'Intro line continues.' },
      { kind: 'heading', level: 2, text: '1. Accounts' },
      { kind: 'list', ordered: true, items: ['One', 'Two'] },
      { kind: 'list', ordered: false, items: ['a', 'b'] },
    ]);
  });

  it('renders bold and safe links, and never markup from the text', () => {
    renderWithProviders(
      <Markdown
        source={'Read **this** and [our FAQ](/faq/), not [that](javascript:alert(1)). <img src=x onerror=alert(1)>'}
      />,
    );
    expect(screen.getByText('this').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'our FAQ' })).toHaveAttribute('href', '/faq/');
    expect(screen.queryByRole('link', { name: 'that' })).not.toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText(/<img src=x/)).toBeInTheDocument();
  });
});
