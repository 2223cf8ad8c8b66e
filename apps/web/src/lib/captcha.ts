import { useCallback, useEffect, useRef, useState } from 'react';
import { usePublicConfig } from './api/get-public-config';
import type { TurnstileApi } from './turnstile';

/**
 * The invisible captcha of the auth screens. GET /api/config names the provider: with
 * 'none' the token is the word 'none' (the server accepts anything); with 'turnstile' an
 * invisible Cloudflare Turnstile widget runs in `containerRef` and `getToken()` executes it.
 */
export type Captcha = {
  /** Where the invisible widget lives; render `<div ref={containerRef} />` in the form. */
  containerRef: React.RefObject<HTMLDivElement | null>;
  /** True once a token can be asked for. */
  ready: boolean;
  /** A fresh token for one submission. */
  getToken: () => Promise<string>;
};

export function useCaptcha(): Captcha {
  const config = usePublicConfig();
  const provider = config.data?.captcha.provider;
  const siteKey = config.data?.captcha.siteKey ?? null;
  const containerRef = useRef<HTMLDivElement | null>(null);
  const widgetRef = useRef<{ api: TurnstileApi; id: string } | null>(null);
  const pendingRef = useRef<{ resolve: (token: string) => void; reject: (error: Error) => void } | null>(null);
  const [turnstileReady, setTurnstileReady] = useState(false);

  useEffect(() => {
    if (provider !== 'turnstile' || !siteKey) return;
    let cancelled = false;
    import('./turnstile')
      .then(({ loadTurnstile }) => loadTurnstile())
      .then((api) => {
        const container = containerRef.current;
        if (cancelled || !container) return;
        const id = api.render(container, {
          sitekey: siteKey,
          execution: 'execute',
          appearance: 'interaction-only',
          callback: (token: string) => {
            pendingRef.current?.resolve(token);
            pendingRef.current = null;
          },
          'error-callback': () => {
            pendingRef.current?.reject(new Error('captcha'));
            pendingRef.current = null;
          },
        });
        widgetRef.current = { api, id };
        setTurnstileReady(true);
      })
      .catch(() => setTurnstileReady(false));
    return () => {
      cancelled = true;
      if (widgetRef.current) widgetRef.current.api.remove(widgetRef.current.id);
      widgetRef.current = null;
    };
  }, [provider, siteKey]);

  const getToken = useCallback(async () => {
    if (provider === 'none') return 'none';
    const widget = widgetRef.current;
    if (!widget) throw new Error('captcha');
    return new Promise<string>((resolve, reject) => {
      pendingRef.current = { resolve, reject };
      widget.api.reset(widget.id);
      widget.api.execute(widget.id);
    });
  }, [provider]);

  return { containerRef, ready: provider === 'none' || turnstileReady, getToken };
}
