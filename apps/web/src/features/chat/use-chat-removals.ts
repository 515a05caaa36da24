import { useRealtimeEvent } from '../../lib/realtime.ts';
import type { ChatTimelineControls } from './use-chat-timeline.ts';

/**
 * The open chat and `content.removed` (issue 29): a message of this chat taken down shows as
 * removed, like one its sender deleted (content gone); a story taken down leaves its cards
 * here unavailable. The event reaches this chat's room, so a story's is about this chat too.
 */
export function useChatRemovals(chatId: number, timeline: ChatTimelineControls): void {
  useRealtimeEvent('content.removed', (event) => {
    if (event.kind === 'message' && event.chat_id === chatId) timeline.markDeleted([event.id]);
    else if (event.kind === 'story') timeline.markStoryRemoved(event.id);
  });
}
