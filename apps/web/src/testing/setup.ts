import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { forgetRequests } from './http';
import { server } from './server';

// How long findBy… and waitFor wait for the screen, 1 s by default. Every screen shows within
// it on a quiet machine, but beside two busy cores (stress-ng --cpu 2) a lazily loaded route had
// not rendered after 1 s and the test failed with an empty page. Five times the default; a
// screen that never shows still fails, five seconds later.
configure({ asyncUtilTimeout: 5000 });

// Mantine reads these browser APIs that happy-dom does not provide.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn().mockImplementation((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub;
Element.prototype.scrollIntoView ??= () => {};
window.scrollTo = () => {};

// HTTP is answered at the network boundary (./server.ts); a call no handler answers is an error.
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

afterEach(() => {
  cleanup();
  server.resetHandlers();
  forgetRequests();
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: tests start without the previous test's session.
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  vi.unstubAllGlobals();
});
