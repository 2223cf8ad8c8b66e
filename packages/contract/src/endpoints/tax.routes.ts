import { defineRoutes, OPERATOR } from '../endpoint';

/** Tax reports for the operator (docs/decisions/035-vat-place-of-supply.md). */
export const taxRoutes = defineRoutes({
  ossReturn: { method: 'GET', path: '/admin/vat/oss-return', roles: OPERATOR, download: true },
});
