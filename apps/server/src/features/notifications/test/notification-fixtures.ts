import type { NotificationType } from '@glimpse/contract';
import { inTransaction } from '../../../platform/db/transaction.ts';
import type { TestServer } from '../../../test/harness.ts';
import { notify } from '../notify.service.ts';

/** Tests only: a line for `userId` written through `notify`, as a feature's event writes it. */
export async function notified(
  server: TestServer,
  userId: number,
  actorId: number | null,
  key: string,
  type: NotificationType = 'tip_received',
): Promise<number> {
  const id = await inTransaction(server.ctx.db, (tx, effects) =>
    notify(server.ctx, tx, effects, {
      userId,
      type,
      actorId,
      subject: { kind: 'wallet', id: 0 },
      data: { amount: 100 },
      dedupeKey: key,
    }),
  );
  if (id === null) throw new Error(`nothing was written for ${key}`);
  return id;
}
