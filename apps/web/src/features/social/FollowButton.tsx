import { ACCENT_COLOR, FOLLOW_ICON_SIZE } from '@glimpse/contract';
import { Check, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { accentFill, focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { useSnackbar } from '../../ui/snackbar.ts';
import { useFollowToggle, type FollowWord } from './use-follow-toggle.ts';

interface FollowButtonProps {
  userId: number;
  /** Supplied by the parent, which flips it when `onClick` reports the result. */
  following: boolean;
  /** Icon only (the label stays the accessible name). */
  compact?: boolean;
  /** Emitted after the follow or unfollow call completes (spec 2). */
  onClick?: (word: FollowWord) => void;
  className?: string;
}

/**
 * Spec 2 follow button: plus when not following, a 16 px check in #FE4811 when following. It
 * says what is (Follow / Following, as people know it from other apps) and is a toggle button:
 * `aria-pressed` tells assistive technology it is on, and pressing "Following" unfollows (its
 * title says so). The visible text (when not compact) is the accessible name, so voice control
 * can say what it sees.
 */
export function FollowButton({
  userId,
  following,
  compact = false,
  onClick,
  className,
}: FollowButtonProps) {
  const { t } = useTranslation();
  const { notifyError } = useSnackbar();
  const { toggle, busy } = useFollowToggle({
    userId,
    following,
    onSettled: (word) => onClick?.(word),
    onError: notifyError,
  });
  const label = t(following ? 'home.follow.following' : 'home.follow.follow');
  const hint = following ? t('home.follow.unfollowHint') : compact ? label : undefined;
  const Icon = following ? Check : Plus;
  return (
    <button
      type="button"
      // The name says what is; aria-pressed says it is on, so a press turns it off.
      aria-label={label}
      aria-pressed={following}
      aria-busy={busy}
      title={hint}
      data-following={following}
      onClick={toggle}
      style={{ borderColor: ACCENT_COLOR }}
      className={cn(
        // The shape and type of the buttons beside it on the profile (ui/Button.tsx).
        'inline-flex min-h-11 items-center justify-center gap-1.5 border-2 text-base font-semibold transition-colors',
        compact ? 'min-w-11 rounded-full px-0' : 'rounded-xl px-4',
        // The spec's accent fill, with the text colour that keeps AA contrast on it (index.css).
        following ? 'bg-white text-accent-strong' : accentFill,
        focusRing,
        className,
      )}
    >
      <Icon
        aria-hidden="true"
        data-testid={following ? 'follow-check' : 'follow-plus'}
        size={FOLLOW_ICON_SIZE}
        color={following ? ACCENT_COLOR : 'currentColor'}
        strokeWidth={3}
      />
      {!compact && <span>{label}</span>}
    </button>
  );
}
