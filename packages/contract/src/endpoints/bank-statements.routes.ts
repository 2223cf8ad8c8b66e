import { defineRoutes, OPERATOR } from '../endpoint';

/**
 * Bank statements in the back office (docs/product/billing.md#bank-statements; docs/decisions/038):
 * an operator imports the bank's statement, matching lines credit their bank deposits, the
 * rest wait in a queue until an operator matches them or marks them handled outside.
 */
export const bankStatementRoutes = defineRoutes({
  importStatement: { method: 'POST', path: '/admin/bank-statements', roles: OPERATOR, errors: [429] },
  lines: { method: 'GET', path: '/admin/bank-statements/lines', roles: OPERATOR },
  lineMatch: { method: 'POST', path: '/admin/bank-statements/lines/:id/match', roles: OPERATOR },
  lineHandled: { method: 'POST', path: '/admin/bank-statements/lines/:id/handled', roles: OPERATOR },
});
