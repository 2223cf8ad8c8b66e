/**
 * Tax (docs/decisions/035-vat-place-of-supply.md): which VAT a sale carries, at which rate,
 * and the One-Stop Shop return. The payments module decides each payment's VAT here and
 * stores it with the payment; invoices and the ledger use what was stored.
 */
export {
  decideVat,
  type LocationEvidence,
  locationEvidence,
  treatmentOfRule,
  type VatCustomer,
  type VatDecision,
} from './vat-decision';
export { standardVatPercent, VAT_RATES_SOURCE } from './vat-rates';
export { type OssReturnLine, ossReturn, ossReturnCsv } from './oss-return';
