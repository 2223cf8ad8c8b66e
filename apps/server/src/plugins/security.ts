import { createHash } from 'node:crypto';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { GENERIC_MESSAGES } from '@cryptads/contract/api';
import { COLOR_SCHEME_SCRIPT } from '@cryptads/contract/color-scheme';
import { AppError } from '../lib/errors';

const TURNSTILE = 'https://challenges.cloudflare.com';

/**
 * The one inline script the pages carry: the colour scheme, set before the server's HTML
 * paints (docs/decisions/062), allowed by its hash. The pages' data travels in a
 * `<script type="application/json">` block, which is never run and needs no allowance.
 */
const COLOR_SCHEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(COLOR_SCHEME_SCRIPT).digest('base64')}'`;

/**
 * Helmet with a CSP the SPA works under, cookies, and per-route rate limits: the site's scope
 * (app.ts). The public ad paths run outside it (docs/decisions/066): their answers are JSON, a
 * script, pixels and redirects for other sites with headers of their own (delivery/answers.ts).
 * A route of the site may still opt out of helmet (`helmet: false`: /sellers.json, the
 * conversion postbacks).
 * With REDIS_URL the rate-limit counters live in Redis, so a limit holds across processes.
 */
export default fp(async function security(app: FastifyInstance) {
  const { config } = app.ctx;
  const captchaHosts = config.captcha.provider === 'turnstile' ? [TURNSTILE] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", COLOR_SCHEME_SCRIPT_HASH, ...captchaHosts],
        // Mantine writes its CSS variables in style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", ...captchaHosts],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The preview pages embed our own creatives; nothing cross-origin needs isolation yet.
    crossOriginEmbedderPolicy: false,
    hsts: config.secureCookies,
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    // Counted in Redis, under REDIS_PREFIX, when several processes share the limits; a Redis
    // outage lets requests through (skipOnError) rather than refuse every login.
    ...(app.ctx.redis ? { redis: app.ctx.redis, nameSpace: 'rl:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, GENERIC_MESSAGES.tooManyRequests, {
        headers: { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
      }),
  });
});
