import { setupServer } from 'msw/node';

/**
 * The network every web test runs against (MSW's Node interceptors): tests answer HTTP calls
 * with handlers from ./http.ts instead of replacing `fetch`, so the app's own api-client,
 * headers and envelope parsing run as they do in a browser. Started in ./setup.ts; a request
 * that no handler answers fails the call and prints which one it was.
 */
export const server = setupServer();
