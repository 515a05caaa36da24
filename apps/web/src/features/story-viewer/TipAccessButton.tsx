import { CircleDollarSign } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/Button.tsx';

/** How long the "Tips arrive soon" bubble stays after a tap. */
const HINT_VISIBLE_MS = 2_000;

/**
 * Tip access (spec 2). Tipping arrives with money; until then the button is present but
 * disabled, and pressing it says so instead of pretending to send anything. It stays focusable
 * (aria-disabled rather than disabled) so keyboard and screen-reader users meet the hint too.
 */
export function TipAccessButton() {
  const { t } = useTranslation();
  const hintId = useId();
  const [hintShown, setHintShown] = useState(false);

  useEffect(() => {
    if (!hintShown) return;
    const timer = window.setTimeout(() => setHintShown(false), HINT_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [hintShown]);

  return (
    <div className="relative flex flex-col items-end">
      <p
        id={hintId}
        role="status"
        className={
          hintShown
            ? 'absolute bottom-full mb-2 rounded-lg bg-white px-3 py-1.5 text-sm whitespace-nowrap text-neutral-900 shadow'
            : 'sr-only'
        }
      >
        {t('viewer.tipsSoon')}
      </p>
      <IconButton
        tone="overlay"
        label={t('viewer.tip')}
        aria-disabled="true"
        aria-describedby={hintId}
        className="opacity-60"
        onClick={() => setHintShown(true)}
      >
        <CircleDollarSign aria-hidden="true" size={26} />
      </IconButton>
    </div>
  );
}
