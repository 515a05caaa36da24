import type { StoryPostModel } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { inTransaction, type EffectQueue } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { checkAccess, explainAccess } from '../access/index.ts';
import { channelOf, directChatBetween, postMessage, assertMaySend } from '../chats/index.ts';
import { subscribersOf } from '../money/index.ts';
import type { StoryRow } from './stories.repository.ts';

/** Where a story posted into chats goes (stories.chat_delivery): the chats, resolved at post. */
export interface ChatDelivery {
  destination: 'chat' | 'broadcast';
  chats: number[];
  subscribers: boolean;
}

/** Why one named chat refused the story: its reason (cannot_send_msg) or the err_key. */
function refusalReason(error: AppError): string {
  const reason = error.details.err_msg;
  return typeof reason === 'string' ? reason : error.errKey;
}

/**
 * The direct chats the poster named, each checked as a story message would be
 * (`chat.send.story`, the rule `assertMaySend` applies to kind `story`): a chat that is not a direct chat of the poster's is `chat_not_found`;
 * the other refusals are answered together, one reason per refused chat, as the list the
 * posting form shows under itself (spec 8).
 */
async function namedChats(ctx: AppContext, posterId: number, ids: number[]): Promise<number[]> {
  const reasons: string[] = [];
  for (const id of ids) {
    const decision = await explainAccess(ctx, posterId, 'chat.send.story', id);
    if (decision.subject?.kind !== 'direct' || decision.verdict === 'hidden')
      throw new AppError('chat_not_found', { err_msg: ['chat_not_found'] });
    if (decision.error) reasons.push(refusalReason(decision.error));
  }
  if (reasons.length > 0) throw new AppError('cannot_send_msg', { err_msg: [...new Set(reasons)] });
  return ids;
}

/**
 * The direct chat with every active subscriber, made where missing. The poster did not name
 * them one by one, so a chat the story may not go into (a block, messages turned off) is left
 * out rather than failing the post. One batched `chat.send`: in a direct chat it judges a story
 * as it judges text.
 */
async function subscriberChats(ctx: AppContext, posterId: number): Promise<number[]> {
  const subscribers = await subscribersOf(ctx, posterId);
  if (subscribers.length === 0) return [];
  const chats = await inTransaction(ctx.db, async (tx) => {
    const ids: number[] = [];
    for (const subscriber of subscribers)
      ids.push(await directChatBetween(tx, posterId, subscriber.id));
    return ids;
  });
  const allowed = await checkAccess(ctx, posterId, 'chat.send', chats);
  return chats.filter((id) => allowed.has(id));
}

/**
 * Where a story posted with `destination` goes, checked when it is posted so the form gets its
 * errors at once (spec 8); undefined for a story for the profile. `broadcast` is the poster's
 * own channel; `chat` the named direct chats plus, with `subscribers`, every subscriber's.
 */
export async function resolveChatDelivery(
  ctx: AppContext,
  posterId: number,
  model: StoryPostModel,
): Promise<ChatDelivery | undefined> {
  if (!model.destination) return undefined;
  if (model.destination === 'broadcast') {
    const channel = await channelOf(ctx, posterId);
    if (channel === undefined)
      throw new AppError('chat_not_found', { err_msg: ['chat_not_found'] });
    await assertMaySend(ctx, posterId, { chatId: channel }, 'story');
    return { destination: 'broadcast', chats: [channel], subscribers: false };
  }
  const chats = await namedChats(ctx, posterId, [...new Set(model.chats)]);
  if (model.subscribers) chats.push(...(await subscriberChats(ctx, posterId)));
  const unique = [...new Set(chats)];
  if (unique.length === 0) {
    throw new AppError('validation_failed', {
      err_msg: ['chats_required'],
      errors: { chats: ['chats_required'] },
    });
  }
  return { destination: 'chat', chats: unique, subscribers: model.subscribers };
}

/**
 * The chats of a ready story that still take it: checked again (one batched `chat.send`
 * query) so a block made while the story was processing keeps it out.
 */
export async function deliverableChats(ctx: AppContext, story: StoryRow): Promise<number[]> {
  const chats = story.audience === 'chat' ? (story.chatDelivery?.chats ?? []) : [];
  if (chats.length === 0) return [];
  const allowed = await checkAccess(ctx, story.userId, 'chat.send', chats);
  return chats.filter((id) => allowed.has(id));
}

/**
 * One `story` message per chat, in the transaction that marks the story ready. The client id
 * is derived from the story and the chat, so a re-run of the job posts nothing twice.
 */
export async function postStoryIntoChats(
  tx: Tx,
  effects: EffectQueue,
  story: StoryRow,
  chats: number[],
): Promise<void> {
  for (const chatId of chats) {
    await postMessage(tx, effects, {
      chatId,
      senderId: story.userId,
      type: 'story',
      storyId: story.id,
      clientId: `story-${story.id}-${chatId}`,
    });
  }
}
