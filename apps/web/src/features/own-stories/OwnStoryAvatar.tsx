import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../ui/lazy-dialog.tsx';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { useOwnStories } from './own-stories.queries.ts';

// The menu (carousel, dialogs, video) is fetched the first time it opens.
const OwnStoriesMenu = lazyPart(() => import('./OwnStoriesMenu.tsx').then((m) => m.OwnStoriesMenu));

/**
 * Wraps the own profile photo. With stories it wears the story ring and opens the own-story
 * menu (spec 2: an own avatar opens the menu instead of the viewer); without, it stays a photo.
 */
export function OwnStoryAvatar({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const stories = useOwnStories();
  const [menuOpen, setMenuOpen] = useState(false);
  if (!stories.data?.length) return children;
  return (
    <>
      <button
        type="button"
        aria-label={t('ownStories.open')}
        aria-haspopup="dialog"
        onClick={() => setMenuOpen(true)}
        className={cn(
          'shrink-0 rounded-full bg-linear-to-tr from-accent via-accent to-amber-400 p-[3px]',
          focusRing,
        )}
      >
        <span aria-hidden="true" className="block rounded-full bg-white p-[2px]">
          {children}
        </span>
      </button>
      {menuOpen && <OwnStoriesMenu onClose={() => setMenuOpen(false)} />}
    </>
  );
}
