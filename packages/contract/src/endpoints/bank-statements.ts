import { z } from 'zod';
import {
  BANK_STATEMENT_MESSAGES as M,
  STATEMENT_LINE_REASONS,
  STATEMENT_LINE_STATUSES,
  STATEMENT_MAX_CHARS,
} from '../bank-statements';
import { defineEndpoints } from '../endpoint';
import { CommandResultSchema } from './admin';
import { bankStatementRoutes } from './bank-statements.routes';

const tag = 'back office';
const micros = z.string().regex(/^-?\d+$/);
const lineId = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

export const StatementImportInputSchema = z.object({
  fileName: z.string().trim().min(1).max(200),
  content: z.string().min(1, M.fileEmpty).max(STATEMENT_MAX_CHARS, M.fileTooLarge),
});
export type StatementImportInput = z.infer<typeof StatementImportInputSchema>;

/** What an import did: credit lines credited, seen before, waiting in the queue; debits and unbooked entries ignored. */
export const StatementImportResultSchema = z.object({
  credited: z.number().int(),
  alreadyImported: z.number().int(),
  waiting: z.number().int(),
  ignored: z.number().int(),
});
export type StatementImportResult = z.infer<typeof StatementImportResultSchema>;

export const StatementLineSchema = z.object({
  id: z.number().int(),
  bankEntryId: z.string(),
  bookedOn: z.string(),
  amountMicros: micros,
  currency: z.string(),
  remittance: z.string().nullable(),
  reference: z.string().nullable(),
  status: z.enum(STATEMENT_LINE_STATUSES),
  reason: z.enum(STATEMENT_LINE_REASONS).nullable(),
  note: z.string().nullable(),
  fileName: z.string(),
  importedAt: z.string(),
  /** The deposit the reference names, if any: what "match" would credit. */
  deposit: z.object({ id: z.string(), email: z.string(), totalMicros: micros, status: z.string() }).nullable(),
});
export type StatementLine = z.infer<typeof StatementLineSchema>;

export const StatementLinesSchema = z.object({ items: z.array(StatementLineSchema) });
export type StatementLines = z.infer<typeof StatementLinesSchema>;

export const bankStatementEndpoints = defineEndpoints(bankStatementRoutes, {
  importStatement: {
    tag,
    summary: 'Import a bank statement (camt.053 XML or CSV): matching lines credit their bank deposits once',
    description:
      '400 with a sentence when the file cannot be read; nothing is imported then. A line already imported (same bank id) changes nothing.',
    body: StatementImportInputSchema,
    response: StatementImportResultSchema,
  },
  lines: {
    tag,
    summary: 'Statement lines waiting for a decision (status=open, the default) or resolved (status=resolved)',
    query: z.object({ status: z.enum(['open', 'resolved']).default('open') }),
    response: StatementLinesSchema,
  },
  lineMatch: {
    tag,
    summary: 'Credit a waiting line to a bank deposit whose total it equals (audited)',
    params: lineId,
    body: z.object({
      paymentId: z
        .string()
        .trim()
        .regex(/^pay_[A-Za-z0-9_-]{20}$/, M.depositNotFound),
    }),
    response: CommandResultSchema,
  },
  lineHandled: {
    tag,
    summary: 'Mark a waiting line as handled outside, with a note (audited)',
    params: lineId,
    body: z.object({ note: z.string().trim().min(1, M.noteRequired).max(500) }),
    response: CommandResultSchema,
  },
});
