import type { Message } from '@glimpse/contract';
import type { AppContext, DbContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { chatStoriesFor, storyReplyQuotes } from './chat-stories.service.ts';
import type { InsertedMessage, NewMessage } from './chat-core.service.ts';
import { messageRows, readMarks, type MessageRow } from './messages.repository.ts';
import { presentMessage, presentNeutralMessage } from './messages.presenter.ts';

/**
 * Messages as one viewer sees them (spec 3 "Message"), in the order of `messageIds`; ids that
 * do not exist are left out. Access is the caller's to check (`chat.read` on their chats).
 * A fixed number of queries for any number of messages: rows, read marks, stories, story access.
 */
export async function messagesForViewer(
  ctx: AppContext,
  viewerId: number,
  messageIds: number[],
): Promise<Message[]> {
  const rows = await messageRows(ctx.db, [...new Set(messageIds)]);
  const chatIds = [...new Set(rows.map((row) => row.chatId))];
  // A deleted message shows no story and quotes none (its links are gone already).
  const shown = rows.filter((row) => !row.deleted);
  const storyIds = shown.flatMap((row) => (row.storyId === null ? [] : [row.storyId]));
  const quotedIds = shown.flatMap((row) => (row.replyStoryId ? [row.replyStoryId] : []));
  const [marks, stories, quotes] = await Promise.all([
    readMarks(ctx.db, viewerId, chatIds),
    chatStoriesFor(ctx, viewerId, storyIds),
    storyReplyQuotes(ctx, viewerId, quotedIds),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return messageIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      presentMessage(row, {
        viewerId,
        marks: marks.get(row.chatId),
        story: row.storyId === null ? undefined : stories.get(row.storyId),
        replyQuote: row.replyStoryId ? quotes.get(row.replyStoryId) : undefined,
        media: ctx.mediaSigner,
      }),
    ];
  });
}

/** One message as the viewer sees it; 404 `message_not_found` when it does not exist. */
export async function messageForViewer(
  ctx: AppContext,
  viewerId: number,
  messageId: number,
): Promise<Message> {
  const [message] = await messagesForViewer(ctx, viewerId, [messageId]);
  if (!message) throw new AppError('message_not_found');
  return message;
}

/**
 * The viewer-neutral copy of a message for `message.created` (own and is_read false, no
 * profile image, no media), read in the posting transaction. Meant for text and tips; audio
 * and story messages go without a copy (their media is signed per viewer).
 */
export async function neutralMessage(ctx: DbContext, messageId: number): Promise<Message> {
  const [row] = await messageRows(ctx.db, [messageId]);
  if (!row) throw new AppError('message_not_found');
  return presentNeutralMessage(row);
}

/** `postMessage`'s `eventMessage` argument for text and tip messages posted in `tx`. */
export function neutralEventMessage(tx: Tx): (id: number) => Promise<Message> {
  return (id) => neutralMessage({ db: tx }, id);
}

/**
 * A text message just inserted, as `messageRows` would read it back: everything is in the input
 * and the insert's answer (no tip, story or media to look up), so the send path reads nothing.
 */
function newTextRow(input: NewMessage, inserted: InsertedMessage): MessageRow {
  return {
    id: inserted.id,
    chatId: inserted.chat.id,
    chatKind: inserted.chat.kind,
    senderId: input.senderId,
    type: 'text',
    body: input.body ?? '',
    clientId: input.clientId ?? null,
    storyId: null,
    audioKey: null,
    audioDurationSeconds: null,
    createdAt: inserted.createdAt,
    senderName: inserted.sender.name,
    senderSlug: inserted.sender.slug,
    senderAvatarKey: inserted.sender.avatarKey,
    tipAmountCents: null,
    tipperName: null,
    requestId: null,
    requestMessage: null,
    requestAmountCents: null,
    requestStatus: null,
  };
}

/** `postMessage`'s `eventMessage` for a text: the neutral copy, built from the insert's answer. */
export function textEventMessage(
  input: NewMessage,
): (id: number, inserted: InsertedMessage) => Promise<Message> {
  return (_id, inserted) => Promise.resolve(presentNeutralMessage(newTextRow(input, inserted)));
}

/**
 * A text the viewer just posted, as `messageForViewer` answers it, without reading it back: own,
 * and unread (the other member can only have read messages that had committed).
 */
export function ownNewText(ctx: AppContext, input: NewMessage, inserted: InsertedMessage): Message {
  return presentMessage(newTextRow(input, inserted), {
    viewerId: input.senderId,
    marks: undefined,
    story: undefined,
    media: ctx.mediaSigner,
  });
}

/**
 * A text's neutral event copy (`textEventMessage`'s) as JSON, for a live text
 * (`postLiveTexts`): the parts only the insert knows (id, date, the sender's name and slug) are
 * set in by the statement that writes the event, so they are left empty here.
 */
export function liveTextTemplate(input: NewMessage): string {
  const {
    id: _id,
    date: _date,
    sender_name: _name,
    sender_slug: _slug,
    ...rest
  } = presentNeutralMessage(
    newTextRow(input, {
      id: 0,
      createdAt: new Date(0),
      chat: { id: input.chatId, kind: 'direct', ownerId: null, userLowId: null, userHighId: null },
      sender: { name: '', slug: '', avatarKey: null },
    }),
  );
  return JSON.stringify(rest);
}
