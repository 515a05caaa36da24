import { eq, inArray, sql } from 'drizzle-orm';
import { chats, messages, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { channelOf, directChatBetween, postMessage } from '../chats/chat-core.service.ts';
import { seedDirectMessagePurchase, seedTip } from '../purchases/seed-purchases.service.ts';
import { setFollowing } from '../social/social.service.ts';
import { topUpLegs } from '../wallet/ledger-rules.ts';
import { transfer } from '../wallet/ledger.service.ts';
import {
  DEMO_CHANNEL,
  DEMO_CHANNEL_OWNER,
  DEMO_DIRECT_CHATS,
  type DemoChannelLine,
} from './demo-chat-script.ts';

const HOUR_MS = 3_600_000;
/** Enough for the chat tips and paid messages below, on top of the demo money. */
const CHAT_FUNDS_CENTS = 5_000;

interface Person {
  id: number;
  directMessagePriceCents: number | null;
}

/** The demo people by login handle (`anna` for anna@demo.glimpse.app). */
async function demoPeople(ctx: AppContext, handles: string[]): Promise<Map<string, Person>> {
  const rows = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      directMessagePriceCents: users.directMessagePriceCents,
    })
    .from(users)
    .where(
      inArray(
        users.email,
        handles.map((h) => `${h}@demo.glimpse.app`),
      ),
    );
  return new Map(rows.map((row) => [row.email.split('@')[0]!, row]));
}

/**
 * Posts one conversation in order through `postMessage` (tips through the tip seed, which posts
 * their message the same way). Each message has a fixed client id, so a second run writes
 * nothing; what was written now is dated back to its place in the last days.
 */
async function postLines(
  ctx: AppContext,
  chat: { id: number; key: string; ownerId?: number },
  lines: DemoChannelLine[],
  people: Map<string, Person>,
  partnerOf: (from: string) => number,
): Promise<Map<number, number>> {
  const written = new Map<number, Date>();
  const ids = new Map<number, number>();
  for (const [index, line] of lines.entries()) {
    const senderId = people.get(line.from)!.id;
    const at = new Date(Date.now() - line.hoursAgo * HOUR_MS);
    if (line.tip !== undefined) {
      const id = await seedTip(ctx, {
        tipperId: senderId,
        creatorId: partnerOf(line.from),
        storyId: null,
        amountCents: Math.round(line.tip * 100),
        message: line.text,
        key: `demo-chat-tip:${chat.key}:${index}`,
        ...(chat.ownerId === undefined ? {} : { chatId: chat.id }),
      });
      if (id !== undefined) written.set(id, at);
      continue;
    }
    if (line.audio) continue;
    const posted = await inTransaction(ctx.db, (tx, effects) =>
      postMessage(tx, effects, {
        chatId: chat.id,
        senderId,
        type: 'text',
        body: line.text,
        clientId: `demo-${chat.key}-${index}`,
      }),
    );
    ids.set(index, posted.id);
    if (!posted.replayed) written.set(posted.id, at);
  }
  await backdate(ctx, chat.id, written);
  return ids;
}

/** Dates freshly seeded messages back to their place in the story and the chat's last mark. */
async function backdate(ctx: AppContext, chatId: number, written: Map<number, Date>) {
  if (written.size === 0) return;
  await inTransaction(ctx.db, async (tx) => {
    for (const [id, at] of written)
      await tx.update(messages).set({ createdAt: at }).where(eq(messages.id, id));
    await tx
      .update(chats)
      .set({
        lastMessageAt: sql`(select max(m.created_at) from messages m where m.chat_id = ${chatId})`,
      })
      .where(eq(chats.id, chatId));
  });
}

/**
 * Demo chats (issue 11 item 11): direct chats between the demo viewers and a few creators, and
 * anna's busy channel, which every demo viewer follows. Idempotent like the other demo seeds.
 */
export async function seedDemoChats(ctx: AppContext): Promise<void> {
  const handles = [
    ...new Set([
      ...DEMO_DIRECT_CHATS.flatMap((c) => [c.viewer, c.creator]),
      ...DEMO_CHANNEL.map((l) => l.from),
      DEMO_CHANNEL_OWNER,
    ]),
  ];
  const people = await demoPeople(ctx, handles);
  if (handles.some((h) => !people.has(h))) return;
  const owner = people.get(DEMO_CHANNEL_OWNER)!;
  const viewers = handles.filter(
    (h) => h !== DEMO_CHANNEL_OWNER && DEMO_CHANNEL.some((l) => l.from === h),
  );
  for (const handle of new Set(DEMO_DIRECT_CHATS.map((c) => c.viewer))) {
    const id = people.get(handle)!.id;
    await inTransaction(ctx.db, (tx) =>
      transfer(
        { db: tx, config: ctx.config },
        {
          kind: 'top_up',
          initiatorId: null,
          idempotencyKey: `demo-chat-top-up:${id}`,
          legs: topUpLegs(id, CHAT_FUNDS_CENTS),
          memo: { provider: 'sandbox', providerRef: `demo-chat-${id}` },
        },
      ),
    );
  }

  for (const chat of DEMO_DIRECT_CHATS) {
    const viewer = people.get(chat.viewer)!;
    const creator = people.get(chat.creator)!;
    // A creator who charges for messages was paid for them, as the app would have asked.
    if (creator.directMessagePriceCents)
      await seedDirectMessagePurchase(ctx, viewer.id, {
        id: creator.id,
        priceCents: creator.directMessagePriceCents,
      });
    const chatId = await inTransaction(ctx.db, (tx) =>
      directChatBetween(tx, viewer.id, creator.id),
    );
    await postLines(
      ctx,
      { id: chatId, key: `${chat.viewer}-${chat.creator}` },
      chat.lines,
      people,
      (from) => (from === chat.viewer ? creator.id : viewer.id),
    );
  }

  for (const handle of viewers) await setFollowing(ctx, people.get(handle)!.id, owner.id, true);
  const channelId = (await channelOf(ctx, owner.id))!;
  await postLines(
    ctx,
    { id: channelId, key: `channel-${DEMO_CHANNEL_OWNER}`, ownerId: owner.id },
    DEMO_CHANNEL,
    people,
    () => owner.id,
  );
}
