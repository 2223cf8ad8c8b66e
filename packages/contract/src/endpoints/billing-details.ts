import { OkSchema } from '../api';
import {
  BillingDetailsInputSchema,
  VatCheckResultSchema,
  VatValidateInputSchema,
  WithdrawOptionsInputSchema,
} from '../billing';
import {
  BillingCountryListSchema,
  BillingDocumentListSchema,
  BillingProfileViewSchema,
  BillingSaveResultSchema,
  DocumentIdParamsSchema,
  DocumentUploadInputSchema,
  DocumentUploadResultSchema,
  KycStartSchema,
  VatCountryListSchema,
} from '../billing-profile';
import { defineEndpoints } from '../endpoint';
import { billingDetailsRoutes } from './billing-details.routes';

const tag = 'billing details';

export const billingDetailsEndpoints = defineEndpoints(billingDetailsRoutes, {
  profile: {
    tag,
    summary: 'The billing profile: identification, verification, VAT check, deposit blocks, withdraw options',
    response: BillingProfileViewSchema,
  },
  countries: {
    tag,
    summary: 'Countries for the identification form, by English name',
    response: BillingCountryListSchema,
  },
  saveDetails: {
    tag,
    summary: 'Save the identification details (company or individual)',
    description:
      "400 with the first rule broken ('Please fill in this field.', ...); 409 while the details are verified, pending or rejected. A company's VAT code is checked on save.",
    body: BillingDetailsInputSchema,
    response: BillingSaveResultSchema,
  },
  vatCountries: {
    tag,
    summary: 'EU member states whose companies may give a VAT code',
    response: VatCountryListSchema,
  },
  validateVat: {
    tag,
    summary: 'Check a VAT code (format, then VIES when configured)',
    description:
      "status 'not_checked' when VIES cannot answer: never 'invalid'; the profile's code is checked again by a job.",
    body: VatValidateInputSchema,
    response: VatCheckResultSchema,
  },
  documents: { tag, summary: 'The documents the customer uploaded, newest first', response: BillingDocumentListSchema },
  uploadDocument: {
    tag,
    summary: 'Upload an identity or company document (png, gif, jpeg, pdf, doc, docx; at most 3 MB)',
    description:
      "JSON {name, file} with the file as a data URL, recognised by its content. 400 'Invalid file format.' or 'The file could not be uploaded. The maximum file size is 3MB.'",
    body: DocumentUploadInputSchema,
    response: DocumentUploadResultSchema,
  },
  documentFile: {
    tag,
    summary: "One of the customer's documents, as a file (another account's id answers 404)",
    params: DocumentIdParamsSchema,
    response: OkSchema,
  },
  startKyc: {
    tag,
    summary: "Start identity verification at the KYC provider; answers the provider's page",
    response: KycStartSchema,
  },
  kycWebhook: {
    tag,
    summary: "The KYC provider's decisions (signed; raw body)",
    response: OkSchema,
  },
  saveWithdrawOptions: {
    tag,
    summary: 'Save the withdraw options (publishers, once verified)',
    description:
      '400 code 32 when two-factor authentication is on and no code was sent, code 33 when the code is wrong; 409 until the identity is verified.',
    body: WithdrawOptionsInputSchema,
    response: BillingSaveResultSchema,
  },
});
