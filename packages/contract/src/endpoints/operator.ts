import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import { operatorRoutes } from './operator.routes';

export const operatorEndpoints = defineEndpoints(operatorRoutes, {
  run: {
    tag: 'operator',
    summary: 'Run an operator CLI command on this server',
    description:
      'Public in the role table because it takes no session: it answers only from loopback with the x-operator-token secret of this start (403 otherwise), and exists only when the server was started with one.',
    body: z.object({ domain: z.string(), action: z.string(), args: z.array(z.string()).max(20) }),
    response: z.object({ output: z.string() }),
  },
});
