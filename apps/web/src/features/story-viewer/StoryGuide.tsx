import { GUIDE_ANIMATION_AFTER_MS, GUIDE_CLOSE_AFTER_ANIMATION_MS } from '@glimpse/contract';
import { ChevronDown, ChevronLeft, ChevronRight, Pause, X } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';
import { FINE_POINTER_QUERY, useMediaQuery } from '../../ui/use-media-query.ts';

interface StoryGuideProps {
  /** Called when the guide has closed itself; the caller clears the flag on the server. */
  onFinish: () => void;
}

function Hint({ icon, text, animating }: { icon: ReactNode; text: string; animating: boolean }) {
  return (
    <li className="flex flex-col items-center gap-3 px-2 text-center">
      <span
        className={cn('rounded-full border-2 border-white/80 p-3', animating && 'animate-ping')}
      >
        {icon}
      </span>
      <span className="text-sm font-semibold">{text}</span>
    </li>
  );
}

/**
 * The first-time guide (spec 4): the story waits while tap hints show; after 4 s they animate
 * and 2 s later the guide closes itself. With a mouse the hints say click and name the keys
 * (there is no swipe to close with a mouse); on a touch screen they say tap and swipe.
 */
export function StoryGuide({ onFinish }: StoryGuideProps) {
  const { t } = useTranslation();
  const mouse = useMediaQuery(FINE_POINTER_QUERY);
  const hint = (name: 'previous' | 'pause' | 'next' | 'close') =>
    t(mouse ? `viewer.guide.mouse.${name}` : `viewer.guide.${name}`);
  const CloseIcon = mouse ? X : ChevronDown;
  const titleId = useId();
  const [animating, setAnimating] = useState(false);
  const handleFinish = useEffectEvent(onFinish);

  useEffect(() => {
    const animate = window.setTimeout(() => setAnimating(true), GUIDE_ANIMATION_AFTER_MS);
    const finish = window.setTimeout(
      () => handleFinish(),
      GUIDE_ANIMATION_AFTER_MS + GUIDE_CLOSE_AFTER_ANIMATION_MS,
    );
    return () => {
      window.clearTimeout(animate);
      window.clearTimeout(finish);
    };
  }, []);

  return (
    <section
      aria-labelledby={titleId}
      data-animating={animating}
      // Below the top bar (its Close stays usable), above the story so taps do not reach it. The
      // caption hides meanwhile (StoryScreen), so the close hint has the bottom to itself.
      className={cn(
        'absolute inset-0 z-20 flex flex-col bg-black/75 pt-24 pb-10 transition-opacity ease-in lg:rounded-xl',
        animating && 'opacity-0',
      )}
      style={{ transitionDuration: `${GUIDE_CLOSE_AFTER_ANIMATION_MS}ms` }}
    >
      <h2 id={titleId} className="px-4 text-center text-lg font-bold">
        {t('viewer.guide.title')}
      </h2>
      {/* The row is centred as a whole and each hint hangs from its top, so the three icons
          line up however many lines each text wraps to. */}
      <ul className="grid flex-1 grid-cols-3 content-center items-start">
        <Hint
          animating={animating}
          icon={<ChevronLeft aria-hidden="true" />}
          text={hint('previous')}
        />
        <Hint animating={animating} icon={<Pause aria-hidden="true" />} text={hint('pause')} />
        <Hint
          animating={animating}
          icon={<ChevronRight aria-hidden="true" />}
          text={hint('next')}
        />
      </ul>
      <p className="flex flex-col items-center gap-2 text-sm font-semibold">
        <CloseIcon aria-hidden="true" className={cn(animating && 'animate-bounce')} />
        {hint('close')}
      </p>
    </section>
  );
}
