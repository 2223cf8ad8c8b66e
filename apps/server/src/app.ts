import type http from 'node:http';
import Fastify, { type FastifyLoggerOptions, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { LoggerOptions } from 'pino';
import { GENERIC_MESSAGES } from '@cryptads/contract/api';
import { API_KEY_PATTERN } from '@cryptads/contract/api-keys';
import { createCaptcha } from './adapters/captcha/captcha';
import { createMailer } from './adapters/mail/mail';
import { createNewsFeed } from './adapters/news/news';
import { createStorage } from './adapters/storage/storage';
import type { Config } from './config';
import type { AppContext } from './context';
import { type Database, openDatabase } from './db/client';
import { authRoutes } from './modules/auth/auth.routes';
import { operatorRoutes } from './operator/operator.routes';
import { registerMailboxPage } from './modules/system/mailbox.page';
import { type Preparation, preparationGate } from './modules/system/preparation';
import { sealPlaintextTotpSecrets } from './lib/totp';
import { probeRoutes, systemRoutes } from './modules/system/system.routes';
import { userRoutes } from './modules/user/user.routes';
import { campaignRoutes } from './modules/campaigns/campaigns.routes';
import { registerUploadFiles, uploadRoutes } from './modules/campaigns/uploads.routes';
import { announcementsRoutes } from './modules/announcements/announcements.routes';
import { newsRoutes } from './modules/news/news.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { referralRoutes } from './modules/referral/referral.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes';
import { registerPublicApi } from './modules/api-keys/public-api';
import type { RouteBinding } from './lib/endpoint-routes';
import { addDefaultTerms, termsRoutes } from './modules/terms/terms.routes';
import { websiteRoutes } from './modules/websites/websites.routes';
import { registerSellersJson, sellerRoutes } from './modules/sellers/sellers.routes';
import { createBillingAdapters } from './modules/billing-profile/adapters';
import { billingProfileRoutes, registerKycRoutes } from './modules/billing-profile/billing-profile.routes';
import { createBus } from './lib/bus';
import { createSessionCache } from './modules/sessions/cache';
import { closeRedis, createRedis } from './lib/redis';
import { registerEndpoints } from './lib/endpoint-routes';
import { logSafeError, throttledLog } from './lib/log-errors';
import { serializerCompiler } from './lib/serializer';
import { createDelivery, type Delivery } from './modules/delivery/delivery';
import { onCommit } from './modules/events/events';
import { EventWorker } from './modules/events/worker';
import { registerDelivery } from './modules/delivery/delivery.routes';
import { reportRoutes } from './modules/reports/reports.routes';
import { forecastRoutes } from './modules/forecasts/forecasts.routes';
import { conversionRoutes, registerConversionUrls } from './modules/conversions/conversions.routes';
import { billingHistoryRoutes } from './modules/invoices/invoices.routes';
import { depositRoutes, registerPaymentWebhooks } from './modules/payments/deposits.routes';
import { payoutRoutes } from './modules/payouts/payouts.routes';
import { statementRoutes } from './modules/statement/statement.routes';
import { marketplaceFulfilmentRoutes } from './modules/marketplace-fulfilment/fulfilment.routes';
import { marketplaceRoutes } from './modules/marketplace/marketplace.routes';
import { marketplaceOrderRoutes } from './modules/marketplace-orders/marketplace-orders.routes';
import { adminAccountsRoutes } from './modules/admin-accounts/admin-accounts.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { bankStatementRoutes } from './modules/bank-statements/bank-statements.routes';
import { taxRoutes } from './modules/tax/tax.routes';
import { outgoingWebhookRoutes } from './modules/outgoing-webhooks/outgoing-webhooks.routes';
import { WebhookSender } from './modules/outgoing-webhooks/sender';
import { registerSandboxPage } from './modules/payments/sandbox-page.routes';
import { apiDocuments } from './modules/api-docs/openapi';
import { registerApiReference } from './modules/api-docs/reference.page';
import authPlugin from './plugins/auth';
import { registerCompression } from './plugins/compression';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors';
import inputGuardPlugin from './plugins/input-guard';
import securityPlugin from './plugins/security';
import sessionCookiePlugin from './plugins/session-cookie';
import spaPlugin from './plugins/spa';
import { roleParts } from './process-role';
import { afterCommit, eventHandlers, paidPurposes } from './wiring';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

declare module './context' {
  interface AppContext {
    /** Ad delivery: engine, recorder, geo, click secret (docs/decisions/007); set by buildApp. */
    delivery?: Delivery;
    /** The outgoing webhooks' sender (docs/decisions/042); set by buildApp where the event worker runs. */
    webhooks?: WebhookSender;
  }
}

/** Paths that carry a secret in the URL are logged without it. */
const redactUrl = (url: string) =>
  url
    .replace(/(\/password-recovery\/)[^/?#]+/, '$1[redacted]')
    .replace(/(\/guide\/)[^/?#]+/, '$1[redacted]')
    .replace(API_KEY_PATTERN, '[redacted]');

/**
 * The logger the server runs with: secrets in headers and URLs never reach the log.
 * Exported so that tests can capture exactly what production would write.
 */
export function loggerOptions(config: Config): FastifyLoggerOptions & LoggerOptions {
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
      // A failed query's error carries every parameter (megabytes for a delivery batch):
      // logged as code, message and the query's head only (docs/decisions/024).
      err: logSafeError,
    },
  };
}

/**
 * Timeouts of the HTTP server (docs/decisions/023): a client that sends its headers or its
 * request slowly (slow loris), or idles on a socket, is disconnected. Node checks headers
 * and request deadlines every `connectionsCheckingInterval` (30 s by default): checked
 * often enough here for the headers deadline to hold within a quarter of itself.
 */
export function httpTimeouts(config: Config) {
  const t = config.http;
  return {
    connectionTimeout: t.connectionTimeoutMs,
    requestTimeout: t.requestTimeoutMs,
    keepAliveTimeout: t.keepAliveTimeoutMs,
    http: {
      headersTimeout: t.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(t.headersTimeoutMs / 4))),
    },
  } satisfies FastifyServerOptions & { http: http.ServerOptions };
}

export type BuildOptions = {
  config: Config;
  /** Secret of the operator CLI's hand-off (main.ts); the route exists only when given. */
  operatorToken?: string;
  /** An open database; when omitted the app opens (and closes) the configured one. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** While it is pending, only the liveness probe and the ad paths answer (main.ts's first start). */
  preparation?: Preparation;
};

/** Builds the app without listening; tests call it and talk through `inject`. */
export async function buildApp(opts: BuildOptions) {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    ...httpTimeouts(config),
    routerOptions: { ignoreTrailingSlash: true },
    // What the router and Node's parser refuse answers in the envelope too (decision 022).
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    opts.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: `${config.dataDir}/db`,
      templateDir: config.pgliteTemplateDir,
    }));
  const mailer = createMailer(config, database.db);
  // A transaction that wrote domain events, once committed, invalidates the users it changed
  // and wakes the event worker, before its caller goes on.
  let events: EventWorker | undefined;
  const db = onCommit(
    database.db,
    afterCommit(
      () => ctx,
      () => events?.wake(),
    ),
  );
  const ctx: AppContext = {
    config,
    db,
    database,
    mailer,
    captcha: createCaptcha(config),
    storage: createStorage(config),
    bus: await createBus(config, database, app.log),
    redis: config.redis ? createRedis(config.redis, { name: 'shared', log: app.log }) : null,
    ...createBillingAdapters(config),
    paidPurposes: paidPurposes(config),
  };
  app.decorate('ctx', ctx);
  // The first start's demo seed runs behind the listening server (docs/decisions/050).
  if (opts.preparation) app.addHook('onRequest', preparationGate(opts.preparation));
  // The auth check's cache, kept exact by the commit listener and the bus (docs/decisions/026).
  const sessionCache = config.sessionCache.ttlMs > 0 ? createSessionCache(ctx.bus, config.sessionCache, app.log) : null;
  ctx.sessionCache = sessionCache?.cache;
  // TOTP secrets stored before they were sealed at rest are sealed now (docs/decisions/021).
  await sealPlaintextTotpSecrets(ctx);
  // Each role runs only its part (docs/decisions/030-process-roles.md); `all` runs everything.
  const parts = roleParts(config.role);
  const deliveryOptions = { log: app.log, serve: parts.serve, consume: parts.consume };
  const delivery = parts.serve || parts.consume ? await createDelivery(ctx, deliveryOptions) : undefined;
  ctx.delivery = delivery;
  // Side effects after commit (docs/decisions/010-domain-events.md), the delivery index included.
  // A failing round is retried every second: its error is logged once per 10 s (decision 024).
  // Without a worker here (api, delivery), the events of this process's commits wait for the
  // worker process's next poll.
  if (parts.background) {
    // Outgoing webhooks are sent where events are handled (docs/decisions/042-outgoing-webhooks.md).
    const webhooks = new WebhookSender(ctx, { log: throttledLog(app.log) });
    ctx.webhooks = webhooks;
    webhooks.start();
    events = new EventWorker(db, { handlers: eventHandlers(ctx), log: throttledLog(app.log) });
    ctx.events = events;
    events.start();
  }
  // Before the database closes: the worker finishes its round, the recorder writes its buffer
  // (its events wait in the outbox for the next start).
  app.addHook('onClose', async () => {
    await events?.stop();
    await ctx.webhooks?.stop();
    await delivery?.close();
  });
  app.addHook('onClose', async () => {
    await mailer.close();
    sessionCache?.stop();
    await ctx.bus.close();
    if (ctx.redis) await closeRedis(ctx.redis);
    if (!opts.database) await database.close();
  });

  await app.register(errorsPlugin);
  // Before every other hook: what no route may see, refused once for all (decision 055).
  await app.register(inputGuardPlugin);

  // The site (the API, its pages, the web app) in a scope of its own, with the plugins only it
  // needs: helmet, cookies, rate limits, the session and its cross-site check. The public ad
  // paths are registered beside it, outside: they ran helmet's and the cookie plugin's hooks on
  // every request for answers that need neither (docs/decisions/066-ad-paths-scope.md).
  let reference: Awaited<ReturnType<typeof registerApiReference>> | undefined;
  await app.register(async (site) => {
    await site.register(securityPlugin);
    await site.register(sessionCookiePlugin);
    await site.register(authPlugin);

    // The endpoints with a scope, served again under /api/v1 to API keys (docs/decisions/040).
    const publicApi: RouteBinding[] = [];
    // The OpenAPI documents (decision 043), built once on first use: /api/openapi.json, /api/v1/openapi.json, /docs/api/.
    const documents = apiDocuments(config.productName);
    await site.register(
      async (api) => {
        // Every role answers its health and readiness; the rest of /api is the api role's.
        if (!parts.api) {
          registerEndpoints(api, probeRoutes(ctx));
          return;
        }
        await registerCompression(api);
        const register = (scope: typeof api, bindings: readonly RouteBinding[]) => {
          registerEndpoints(scope, bindings);
          publicApi.push(...bindings.filter((binding) => binding.endpoint.scope !== undefined));
        };
        register(api, [
          ...systemRoutes(ctx),
          ...authRoutes(config),
          ...userRoutes,
          ...settingsRoutes(config),
          ...apiKeyRoutes(config),
          ...notificationsRoutes,
          ...termsRoutes,
          ...referralRoutes,
          ...announcementsRoutes,
          ...newsRoutes(createNewsFeed(config, fetch, api.log)),
        ]);
        addDefaultTerms(api);
        register(api, [...campaignRoutes, ...uploadRoutes]);
        registerEndpoints(api, forecastRoutes);
        register(api, [...websiteRoutes]);
        register(api, sellerRoutes);
        register(api, reportRoutes);
        registerEndpoints(api, conversionRoutes());
        register(api, billingHistoryRoutes);
        register(api, statementRoutes);
        register(api, depositRoutes);
        await registerPaymentWebhooks(api);
        register(api, billingProfileRoutes);
        register(api, payoutRoutes);
        register(api, marketplaceRoutes);
        register(api, marketplaceOrderRoutes);
        register(api, marketplaceFulfilmentRoutes);
        register(api, adminAccountsRoutes);
        register(api, adminRoutes);
        register(api, bankStatementRoutes);
        register(api, taxRoutes);
        // A delivery written by an api-only process waits for the background process's next poll.
        register(
          api,
          outgoingWebhookRoutes(() => ctx.webhooks?.wake()),
        );
        if (opts.operatorToken) register(api, operatorRoutes(opts.operatorToken));
        api.get('/openapi.json', async () => (await documents()).full);
        api.get('/v1/openapi.json', async () => (await documents()).v1);
      },
      { prefix: '/api' },
    );
    if (parts.api) {
      await registerPublicApi(site, publicApi);
      await registerMailboxPage(site);
      await registerUploadFiles(site);
      await registerKycRoutes(site);
      await registerSandboxPage(site);
      reference = await registerApiReference(site, async () => (await documents()).v1);
      await registerSellersJson(site);
    }
    if (parts.serve) await registerConversionUrls(site);
    if (parts.api) await site.register(spaPlugin);
    // Without the web app, any other path is a 404 in the envelope.
    else
      site.setNotFoundHandler((_request, reply) =>
        reply.status(404).send({ code: 404, response: null, reason: GENERIC_MESSAGES.routeNotFound }),
      );
  });
  // The API reference is rendered ahead once the server is listening and any demo seed is
  // over: the first reader does not wait.
  const warmReference = reference;
  if (warmReference)
    app.addHook('onListen', () => {
      void (opts.preparation?.settled() ?? Promise.resolve()).then(() =>
        setTimeout(() => void warmReference.warm().catch(() => {}), 1000).unref(),
      );
    });
  // The public ad paths (/tag.js, /serve, /click, /view, /openrtb2): outside the site's scope.
  if (parts.serve && delivery) await app.register(async (ads) => registerDelivery(ads, delivery));
  await app.ready();
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
