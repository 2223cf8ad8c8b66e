// Feature and module boundaries (docs/decisions/012-boundaries.md), checked by `npm run lint`.
// dependency-cruiser resolves every import to a file, so a rule reads as a path rule whatever
// the import is spelled like ('../../websites/api/x', '@cryptads/...'), which Biome's
// noRestrictedImports, matching the specifier text, cannot do for relative imports.

/** Another server module's files that are its public surface besides its services. */
const MODULE_SURFACE = [
  // A service file is the module's API (services hold the rules).
  '\\.service\\.ts$',
  // Domain events are the way modules tell each other what happened (decision 010): every
  // module may emit one or subscribe to one.
  '^apps/server/src/modules/events/(events|worker)\\.ts$',
  // Writing a notification is the notifications module's write API, used inside the caller's
  // transaction by every module that tells a user something.
  '^apps/server/src/modules/notifications/notify\\.ts$',
  // Telling the auth check's cache that a user or their sessions changed (userChanged,
  // decision 026), for tests' fixtures that write a user row behind the services' back
  // (services emit `user.changed`, whose commit does it).
  '^apps/server/src/modules/sessions/cache\\.ts$',
  // Shared types of a module (no code).
  '^apps/server/src/modules/[^/]+/types\\.ts$',
  // A module's subscriptions to domain events (`*-events.ts`), wired where the app is composed
  // (apps/server/src/wiring.ts, decision 010).
  '^apps/server/src/modules/[^/]+/[^/]+-events\\.ts$',
  // The delivery module's batch writer: recording a batch is how traffic and its money enter
  // the database, used by the simulator's history and by tests of money under load.
  '^apps/server/src/modules/delivery/writer/record-batch\\.ts$',
  // The ledger's invariant check (`npm run operator -- ledger check`), read-only.
  '^apps/server/src/modules/ledger/check\\.ts$',
];

/**
 * Imports that break a rule today, each `{ from, to, why }` with the reason it stays for now. A
 * new violation fails the lint; one of these disappears from here when it is fixed. None today:
 * user.service -> campaigns/campaign-queries went when GET /user counted campaigns in its own
 * prepared statement (docs/decisions/026).
 * @type {{ from: string, to: string, why: string }[]}
 */
const KNOWN_EXCEPTIONS = [];

/** '^apps/server/src/modules/user/user\\.service\\.ts$' → '^apps/server/src/modules/user/'. */
const ownModule = (pattern) => pattern.match(/^\^apps\/server\/src\/modules\/[^/]+\//)?.[0] ?? pattern;

/** Tests and the fixtures they share. */
const TEST_CODE = '(\\.test|/test-helpers)\\.ts$';
const isTestCode = (pattern) => /(\\\.test|test-helpers)\\\.ts\$$/.test(pattern);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import cycle, type-only imports included: a cycle makes load order matter (a value read before its module ran is undefined) and ties both ends into one unit. Break it by moving what both need to a lower file (a port, types.ts) or by passing it in where the app is composed (app.ts, wiring.ts).',
      severity: 'error',
      from: { path: '^apps/(server|web)/src/' },
      to: { circular: true },
    },
    {
      name: 'server-events-imports-module',
      comment:
        'The events module carries every module’s events and imports none of them: each module exports its handlers, and wiring.ts (the composition root) gives them to the worker.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/events/', pathNot: TEST_CODE },
      to: { path: '^apps/server/src/modules/', pathNot: '^apps/server/src/modules/events/' },
    },
    {
      name: 'server-payments-imports-purpose',
      comment:
        'Payments collects money for other modules (marketplace orders) and imports none of them: what a paid payment does is registered by purpose where the app is composed (wiring.ts: paidPurposes).',
      severity: 'error',
      from: { path: '^apps/server/src/modules/payments/', pathNot: TEST_CODE },
      to: { path: '^apps/server/src/modules/marketplace[^/]*/' },
    },
    {
      name: 'server-lower-layer-imports-module',
      comment:
        'lib/, db/ and adapters/ are below the modules: they import none. What a module must tell them is passed in (a callback, a registry filled where the app is composed).',
      severity: 'error',
      from: { path: '^apps/server/src/(lib|db|adapters)/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'web-feature-imports-feature',
      comment:
        'A feature imports nothing from another feature (bulletproof-react): what two features share moves to ui/ or lib/, and app/ composes features.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-imports-feature',
      comment: 'ui/ and lib/ are shared by every feature, so they import none (nor app/, which composes features).',
      severity: 'error',
      from: { path: '^apps/web/src/(ui|lib)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'server-module-reaches-past-service',
      comment:
        'A server module reaches another module only through its *.service.ts (and the surface listed in MODULE_SURFACE), so that rules and transactions stay behind one door.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: [TEST_CODE, ...KNOWN_EXCEPTIONS.map((e) => e.from)] },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: ['^apps/server/src/modules/$1/', ...MODULE_SURFACE] },
    },
    {
      name: 'server-test-reaches-past-service',
      comment:
        'Tests and their fixtures follow the same rule, and may also use another module’s test-helpers.ts (a funded advertiser with a running campaign).',
      severity: 'error',
      from: {
        path: '^apps/server/src/modules/([^/]+)/[^/]*(\\.test|test-helpers)\\.ts$',
        pathNot: KNOWN_EXCEPTIONS.map((e) => e.from),
      },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', ...MODULE_SURFACE, '/test-helpers\\.ts$'],
      },
    },
    // A file with a known exception keeps every other part of the rule.
    ...KNOWN_EXCEPTIONS.map((e) => ({
      name: 'server-module-reaches-past-service',
      comment: `Known exception: ${e.why}`,
      severity: 'error',
      from: { path: e.from },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: [ownModule(e.from), ...MODULE_SURFACE, ...(isTestCode(e.from) ? ['/test-helpers\\.ts$'] : []), e.to],
      },
    })),
  ],
  options: {
    // Only the application code: the contract imports nothing from the apps, packages are not ours.
    includeOnly: '^apps/(web|server)/src/',
    doNotFollow: { path: 'node_modules' },
    // Type-only imports cross boundaries too (a feature's types are its own).
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
