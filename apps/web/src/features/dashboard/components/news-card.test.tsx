import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { newsEndpoints } from '@cryptads/contract/endpoints/news';
import { NEWS_DESCRIPTION_MAX, type NewsArticle } from '@cryptads/contract/news';
import { answer, failure, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { NewsCard } from './news-card';

const long =
  'Bitcoin ETFs recorded their largest weekly inflow since launch as institutional demand returned to the market in November.';

const article = (i: number, description = long): NewsArticle => ({
  url: `https://blog.cryptads.example/post-${i}`,
  title: `Post ${i}`,
  date: '2026-11-18T08:00:00.000Z',
  description,
});

let reply: () => NewsArticle[] | Response;
beforeEach(() => {
  serve(answer(newsEndpoints.list, () => reply()));
});

describe('NewsCard', () => {
  it('shows two articles with descriptions cut to 85 characters', async () => {
    reply = () => [article(1), article(2, 'Short one.'), article(3)];
    renderWithProviders(<NewsCard />);
    const descriptions = await screen.findAllByTestId('news-description');
    expect(descriptions).toHaveLength(2);
    const [first, second] = descriptions.map((d) => d.textContent ?? '');
    expect(first?.length).toBeLessThanOrEqual(NEWS_DESCRIPTION_MAX);
    expect(first?.endsWith('…')).toBe(true);
    expect(long.startsWith((first ?? '').slice(0, -1))).toBe(true);
    expect(second).toBe('Short one.');
    expect(screen.getByRole('link', { name: /Post 1/ })).toHaveAttribute('target', '_blank');
  });

  it('hides the card when the feed is empty', async () => {
    reply = () => [];
    const { queryClient } = renderWithProviders(<NewsCard />);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByTestId('news-card')).not.toBeInTheDocument();
  });

  it('hides the card without an error dialog when the feed fails', async () => {
    reply = () => failure(500, 'feed down');
    const { queryClient } = renderWithProviders(<NewsCard />);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByTestId('news-card')).not.toBeInTheDocument();
    expect(screen.queryByTestId('status-modal')).not.toBeInTheDocument();
  });
});
