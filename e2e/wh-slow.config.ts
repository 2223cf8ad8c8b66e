import base from './playwright.config';

// Local only (not committed): the shared machine starts the server slower than 120 s.
export default { ...base, webServer: { ...(base.webServer as object), timeout: 600_000 } };
