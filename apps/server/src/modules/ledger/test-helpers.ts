import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../context';
import { available, creditDeposit, platform, statementOf, type TransferKind, transfer } from './ledger.service';

type HasDb = { ctx: Pick<AppContext, 'db'> };

/** Money in as a paid deposit brings it (sandbox provider, no fee, no VAT), in a transaction of its own. */
export function depositFor(app: HasDb, userId: number, amountMicros: bigint, idempotencyKey = `test:${randomUUID()}`) {
  return app.ctx.db.transaction((tx) =>
    creditDeposit(tx, {
      userId,
      provider: 'sandbox',
      amountMicros,
      feeMicros: 0n,
      vatMicros: 0n,
      reference: 'test',
      idempotencyKey,
    }),
  );
}

/** Ad spend without a recorded batch: the user's available balance -> network revenue. */
export function spendFor(app: HasDb, userId: number, amountMicros: bigint) {
  return app.ctx.db.transaction((tx) =>
    transfer(tx, {
      from: available(userId),
      to: platform('revenue'),
      amountMicros,
      kind: 'spend',
      description: 'test spend',
    }),
  );
}

/** What the transfers in and out of a user's available account add up to (signed), optionally of some kinds. */
export async function ledgerSumOf(db: DbOrTx, userId: number, kinds?: readonly TransferKind[]) {
  const lines = await statementOf(db, available(userId), kinds ? { kinds } : {});
  return lines.reduce((sum, l) => sum + l.amountMicros, 0n);
}
