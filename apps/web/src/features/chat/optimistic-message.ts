import type { CurrentUser, Message } from '@glimpse/contract';

/** The bubble an own text message shows until the server has stored it (`id` 0: none yet). */
export function optimisticMessage(
  chatId: number,
  me: Pick<CurrentUser, 'id' | 'name' | 'slug' | 'avatar_url'>,
  text: string,
  clientId: string,
): Message {
  return {
    id: 0,
    chat_id: chatId,
    client_id: clientId,
    type: 'text',
    message: text,
    date: new Date().toISOString(),
    own: true,
    is_read: false,
    user_id: me.id,
    story_id: null,
    sender_name: me.name,
    sender_slug: me.slug,
    profile_image: me.avatar_url,
    audio_file_url: null,
    audio_duration: null,
    story: null,
    meta: {},
  };
}
