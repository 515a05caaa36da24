import type { Story } from '@glimpse/contract';
import type { ReactNode } from 'react';
import { cn } from '../../ui/cn.ts';
import { TipAccessButton } from './TipAccessButton.tsx';

/**
 * The tags the text does not already show: a description's hashtags are its tags (the server
 * derives them from it), so the row under it would repeat every one of them.
 */
export function tagsBesideText(text: string, tags: string[]): string[] {
  const written = new Set(
    [...text.matchAll(/(?<![\p{L}\p{N}_])#([\p{L}\p{N}_]+)/gu)].map((match) =>
      match[1]!.toLowerCase(),
    ),
  );
  return tags.filter((tag) => !written.has(tag.toLowerCase()));
}

interface StoryCaptionProps {
  story: Story;
  hidden: boolean;
  /** Tips go to other creators who can take money. */
  showTip: boolean;
  /** The story waits while the tip sheet is open. */
  onTipOpenChange: (open: boolean) => void;
  /** Under the text: the reply field and quick reactions (others' stories). */
  reply?: ReactNode;
}

/** The story's text and tags at the bottom, with tip access beside them. */
export function StoryCaption({
  story,
  hidden,
  showTip,
  onTipOpenChange,
  reply,
}: StoryCaptionProps) {
  const tags = tagsBesideText(story.text, story.tags);
  const hasText = story.text.trim().length > 0 || tags.length > 0;
  if (!hasText && !showTip && !reply) return null;
  return (
    // Taps on the text fall through to the story (pointer-events-none); the tip button and the
    // reply take their own.
    <div
      className={cn(
        'pointer-events-none absolute inset-x-0 bottom-0 z-20 flex flex-col gap-3 bg-linear-to-t from-black/70 to-transparent px-4 pt-12 pb-6',
        hidden && 'invisible',
      )}
    >
      {(hasText || showTip) && (
        <div className="flex items-end gap-3">
          <div className="min-w-0 flex-1">
            {story.text && (
              <p className="text-base break-words whitespace-pre-line drop-shadow">{story.text}</p>
            )}
            {tags.length > 0 && (
              <ul className="mt-2 flex flex-wrap gap-x-2 gap-y-1 text-sm font-semibold text-white/90">
                {tags.map((tag) => (
                  <li key={tag}>#{tag}</li>
                ))}
              </ul>
            )}
          </div>
          {showTip && <TipAccessButton story={story} onOpenChange={onTipOpenChange} />}
        </div>
      )}
      {reply}
    </div>
  );
}
