/** Texts of the system endpoints (health, readiness). */
export const SYSTEM_MESSAGES = {
  notReady: 'This server cannot take traffic right now. Please try again in a moment.',
  /** While the first start seeds the demo world: every API call and page but the probes and the ad paths. */
  preparing: 'The demo world is being prepared. Please try again in a few seconds.',
  /** Before the server has loaded and opened its database: every request but /api/health (docs/decisions/060). */
  starting: 'The server is starting. Please try again in a few seconds.',
} as const;

/**
 * What a starting server says it is doing: one terminal line when a step begins and one when it
 * ends, and the page a browser gets meanwhile (docs/decisions/060-first-start-on-a-new-machine.md).
 */
export const STARTUP_MESSAGES = {
  /** The first terminal line; `{product}` is the product's name, `{url}` where the server answers. */
  answering: '{product} answers at {url} from now on; here is what it does until it is ready.',
  pageTitle: 'Starting',
  pageReloads: 'This page reloads by itself every few seconds.',
  opening: 'Opening the database',
  opened: 'Database open',
  template: 'Creating the database: the first start on this machine prepares it once (about 15 to 30 seconds)',
  templateBuilt: 'Database created',
  loading: 'Loading the server',
  loaded: 'Server loaded',
  seeding: 'Preparing the demo world: accounts, campaigns, the marketplace and their history (about 10 to 20 seconds)',
  seeded: 'Demo world ready',
  /** `{port}`: the configured PORT; `{product}`: the product's name. */
  portInUse: 'Port {port} is in use: is {product} already running? Stop the other server, or set PORT to another port.',
} as const;
