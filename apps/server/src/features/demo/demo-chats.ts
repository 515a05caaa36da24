import { and, eq, sql } from 'drizzle-orm';
import { chatMembers, chats } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { channelOf, directChatBetween } from '../chats/index.ts';
import { creditSeedTopUp, seedDirectMessagePurchase } from '../money/index.ts';
import { setFollowing } from '../social/index.ts';
import { demoPeople, postLines, type DemoPerson } from './demo-chat-lines.ts';
import { postDemoChannelStory } from './demo-chat-story.ts';
import { DEMO_CHANNEL, DEMO_CHANNEL_OWNER, DEMO_DIRECT_CHATS } from './demo-chat-script.ts';

/** Enough for the chat tips and paid messages below, on top of the demo money. */
const CHAT_FUNDS_CENTS = 5_000;

/** The demo viewers read the channel up to this line; what came after is unread for them. */
const CHANNEL_READ_UP_TO = 10;

async function fundChatters(ctx: AppContext, ids: number[]): Promise<void> {
  for (const id of ids) {
    await creditSeedTopUp(ctx, {
      userId: id,
      amountCents: CHAT_FUNDS_CENTS,
      key: `demo-chat-top-up:${id}`,
      providerRef: `demo-chat-${id}`,
    });
  }
}

async function seedDirectChats(ctx: AppContext, people: Map<string, DemoPerson>): Promise<void> {
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
      {
        chatId,
        key: `${chat.viewer}-${chat.creator}`,
        partnerOf: (from) => (from === chat.viewer ? creator.id : viewer.id),
      },
      chat.lines,
      people,
    );
  }
}

/**
 * Anna's channel: her followers (every demo viewer) are members who read it up to a point, the
 * conversation with a tip and her voice note, her announcement pinned, and a priced story.
 */
async function seedChannel(
  ctx: AppContext,
  people: Map<string, DemoPerson>,
  viewers: number[],
): Promise<void> {
  const owner = people.get(DEMO_CHANNEL_OWNER)!;
  for (const viewer of viewers) await setFollowing(ctx, viewer, owner.id, true);
  const channelId = (await channelOf(ctx, owner.id))!;
  // Joined as opening the channel would (chat.join: followers may).
  await ctx.db
    .insert(chatMembers)
    .values(viewers.map((userId) => ({ chatId: channelId, userId, role: 'member' as const })))
    .onConflictDoNothing();
  const ids = await postLines(
    ctx,
    {
      chatId: channelId,
      key: `channel-${DEMO_CHANNEL_OWNER}`,
      channelOwnerId: owner.id,
      partnerOf: () => owner.id,
    },
    DEMO_CHANNEL,
    people,
  );
  const readUpTo = ids.get(CHANNEL_READ_UP_TO);
  if (readUpTo !== undefined)
    await ctx.db
      .update(chatMembers)
      .set({ lastReadMessageId: sql`greatest(${chatMembers.lastReadMessageId}, ${readUpTo})` })
      .where(and(eq(chatMembers.chatId, channelId), eq(chatMembers.role, 'member')));
  const pinned = ids.get(DEMO_CHANNEL.findIndex((line) => line.pinned));
  if (pinned !== undefined)
    await ctx.db.update(chats).set({ pinnedMessageId: pinned }).where(eq(chats.id, channelId));
  await postDemoChannelStory(ctx, owner.id);
}

/**
 * Demo chats (issue 11 item 11): direct chats between the demo viewers and a few creators, and
 * anna's busy channel, which every demo viewer follows. Every message goes through
 * `postMessage`; like the other demo seeds, a second run adds nothing.
 */
export async function seedDemoChats(ctx: AppContext): Promise<void> {
  const chatters = DEMO_DIRECT_CHATS.flatMap((c) => [c.viewer, c.creator]);
  const channelViewers = [
    ...new Set(DEMO_CHANNEL.map((l) => l.from).filter((h) => h !== DEMO_CHANNEL_OWNER)),
  ];
  const handles = [...new Set([...chatters, ...channelViewers, DEMO_CHANNEL_OWNER])];
  const people = await demoPeople(ctx, handles);
  if (handles.some((handle) => !people.has(handle))) return;
  const id = (handle: string) => people.get(handle)!.id;
  await fundChatters(ctx, [...new Set(DEMO_DIRECT_CHATS.map((c) => id(c.viewer)))]);
  await seedDirectChats(ctx, people);
  await seedChannel(ctx, people, channelViewers.map(id));
}
