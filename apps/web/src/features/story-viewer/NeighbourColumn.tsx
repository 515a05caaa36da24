import { cn } from '../../ui/cn.ts';
import { NeighbourPreview } from './NeighbourPreview.tsx';

/** How many creators show on each side of the story on a desktop. */
const NEIGHBOURS_PER_SIDE = 2;

interface NeighbourColumnProps {
  side: 'previous' | 'next';
  userIds: number[];
  userIndex: number;
  onSelect: (userIndex: number) => void;
}

/**
 * The creators before (left) or after (right) the current one, nearest first next to the story.
 * It comes after the story in the page so keyboard focus meets the story's controls first; CSS
 * puts the previous column on the left. The second one shows only where the column has room.
 */
export function NeighbourColumn({ side, userIds, userIndex, onSelect }: NeighbourColumnProps) {
  const offsets = Array.from({ length: NEIGHBOURS_PER_SIDE }, (_, index) =>
    side === 'previous' ? index - NEIGHBOURS_PER_SIDE : index + 1,
  );
  const neighbours = offsets
    .map((offset) => userIndex + offset)
    .filter((index) => index >= 0 && index < userIds.length);
  return (
    <div
      data-testid={`neighbours-${side}`}
      // A size container for its previews; clipped, not scrollable, so focusing a preview never
      // scrolls the column and leaves it shifted.
      className={cn(
        '@container flex h-full min-w-0 flex-1 items-center gap-6 overflow-clip',
        side === 'previous' ? '-order-1 justify-end' : 'justify-start',
      )}
    >
      {neighbours.map((index) => (
        <NeighbourPreview
          key={userIds[index]}
          userId={userIds[index]!}
          outer={Math.abs(index - userIndex) > 1}
          onSelect={() => onSelect(index)}
        />
      ))}
    </div>
  );
}
