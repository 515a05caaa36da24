import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Bundle } from '@glimpse/contract';
import { users } from '../../../../db/schema/index.ts';
import type { Client, TestServer } from '../../../../test/harness.ts';
import { signedUpUser } from '../../../../test/factories.ts';
import { verifyUser } from '../../../../test/stories.ts';

/** Tests only: people who buy and creators who sell, over the real HTTP API. */

export async function viewer(server: TestServer): Promise<{ id: number; client: Client }> {
  const { user, client } = await signedUpUser(server);
  return { id: user.id, client };
}

/** A verified creator with a monthly price, bundles and a direct-message price. */
export async function creator(
  server: TestServer,
  offer: {
    subscribePriceCents?: number | null;
    bundles?: Bundle[];
    directMessagePriceCents?: number | null;
    verified?: boolean;
  } = {},
): Promise<{ id: number; slug: string; client: Client }> {
  const { user, client } = await signedUpUser(server);
  if (offer.verified !== false) await verifyUser(server, user.id);
  await server.ctx.db
    .update(users)
    .set({
      subscribePriceCents: offer.subscribePriceCents ?? null,
      bundles: offer.bundles ?? [],
      directMessagePriceCents: offer.directMessagePriceCents ?? null,
    })
    .where(eq(users.id, user.id));
  return { id: user.id, slug: user.slug, client };
}

/** A paying request with a fresh (or the given) Idempotency-Key. */
export function pay(
  c: Client,
  method: 'POST' | 'DELETE',
  url: string,
  body?: unknown,
  key?: string,
) {
  return c.request({
    method,
    url,
    headers: { 'idempotency-key': key ?? randomUUID() },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}
