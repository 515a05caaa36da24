import type { AppContext } from '../../platform/context.ts';
import type { ArchiveContent, ArchiveFile } from './export-archive.ts';
import * as content from './export-content.repository.ts';

/** File name endings by content type; anything else is kept as `.bin`. */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'image/avif': 'avif',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/webm': 'weba',
};

const extensionOf = (contentType: string | null) =>
  (contentType && EXTENSIONS[contentType.split(';')[0]!.trim().toLowerCase()]) ?? 'bin';

const README = `Your Glimpse data

profile.json        your account and profile as you filled it in
profile/            your profile picture
stories.json        every story you posted, with the file each one came from (stories/)
messages.json       the messages you sent (what others wrote to you is theirs, not in here)
messages/audio/     your voice messages
purchases.json      story unlocks, direct-message access, stream entries, top-ups, payouts
tips.json           tips you sent, with your note; tips you received, as amounts
subscriptions.json  the subscriptions you paid for
ledger.json         your wallet and earnings accounts and every entry on them
Amounts are in cents; times are UTC (ISO 8601). A file listed as null was no longer stored.
`;

export interface ExportContent extends ArchiveContent {
  email: string;
  name: string;
}

/**
 * Everything of the user's that goes into the archive: the JSON documents and the stored files
 * to copy in. A file whose blob is gone is listed as null rather than failing the export.
 */
export async function collectExportContent(
  ctx: Pick<AppContext, 'db' | 'blobs' | 'config'>,
  userId: number,
): Promise<ExportContent | undefined> {
  const profile = await content.profileOf(ctx.db, userId);
  if (!profile) return undefined;
  const [stories, messages, purchases, tips, subscriptions, ledger] = await Promise.all([
    content.storiesOf(ctx.db, userId),
    content.messagesSentBy(ctx.db, userId),
    content.purchasesOf(ctx.db, userId),
    content.tipsOf(ctx.db, userId),
    content.subscriptionsOf(ctx.db, userId),
    content.ledgerOf(ctx.db, userId),
  ]);

  const files: ArchiveFile[] = [];
  /** Adds the blob to the archive under `path` and answers the path, or null when it is gone. */
  const include = async (key: string | null, path: string): Promise<string | null> => {
    if (!key) return null;
    const info = await ctx.blobs.stat(key);
    if (!info) return null;
    files.push({ path, key, bytes: info.bytes });
    return path;
  };

  const avatar = await include(
    profile.avatarKey,
    `profile/avatar.${extensionOf(profile.avatarContentType)}`,
  );
  const storyEntries = [];
  for (const story of stories) {
    const file = await include(
      story.sourceKey,
      `stories/${story.id}/original.${extensionOf(story.sourceContentType)}`,
    );
    storyEntries.push({ ...story.entry, file });
  }
  const messageEntries = [];
  for (const message of messages) {
    const audio = await include(message.audioKey, `messages/audio/${message.id}.m4a`);
    messageEntries.push({ ...message.entry, audio_file: audio });
  }

  return {
    email: profile.email,
    name: profile.name,
    documents: [
      { path: 'README.txt', text: README },
      { path: 'profile.json', value: { ...profile.profile, avatar_file: avatar } },
      { path: 'stories.json', value: storyEntries },
      { path: 'messages.json', value: messageEntries },
      { path: 'purchases.json', value: { currency: ctx.config.currency, ...purchases } },
      { path: 'tips.json', value: { currency: ctx.config.currency, ...tips } },
      { path: 'subscriptions.json', value: subscriptions },
      { path: 'ledger.json', value: ledger },
    ],
    files,
  };
}
