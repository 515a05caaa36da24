import type { Story } from '@glimpse/contract';
import { cn } from '../../ui/cn.ts';
import { TipAccessButton } from './TipAccessButton.tsx';

interface StoryCaptionProps {
  story: Story;
  hidden: boolean;
  /** Tips go to other creators who can take money. */
  showTip: boolean;
  /** The story waits while the tip sheet is open. */
  onTipOpenChange: (open: boolean) => void;
}

/** The story's text and tags at the bottom, with tip access beside them. */
export function StoryCaption({ story, hidden, showTip, onTipOpenChange }: StoryCaptionProps) {
  const hasText = story.text.trim().length > 0 || story.tags.length > 0;
  if (!hasText && !showTip) return null;
  return (
    // Taps on the text fall through to the story (pointer-events-none); the tip button takes its own.
    <div
      className={cn(
        'pointer-events-none absolute inset-x-0 bottom-0 z-20 flex items-end gap-3 bg-linear-to-t from-black/70 to-transparent px-4 pt-12 pb-6',
        hidden && 'invisible',
      )}
    >
      <div className="min-w-0 flex-1">
        {story.text && (
          <p className="text-base break-words whitespace-pre-line drop-shadow">{story.text}</p>
        )}
        {story.tags.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-x-2 gap-y-1 text-sm font-semibold text-white/90">
            {story.tags.map((tag) => (
              <li key={tag}>#{tag}</li>
            ))}
          </ul>
        )}
      </div>
      {showTip && <TipAccessButton story={story} onOpenChange={onTipOpenChange} />}
    </div>
  );
}
