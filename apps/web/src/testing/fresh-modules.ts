import { notifications } from '@mantine/notifications';
import { vi } from 'vitest';

// The web project runs without isolation (vitest.config.ts): a worker's test files share one
// process, so the libraries (React, Mantine, the icons, happy-dom, msw) are imported once per
// worker. The app's own modules hold state (the session, the status modal's store, the API
// client's handlers): each test file gets them fresh, as in a process of its own. This setup
// file runs first, before setup.ts imports anything of the app.
vi.resetModules();
// A library's own state outlives the reset: the toasts an earlier file showed are dropped.
notifications.clean();
notifications.cleanQueue();
