import type { ModerationAction } from '@glimpse/contract';
import {
  Ban,
  Check,
  CirclePause,
  CirclePlay,
  EyeOff,
  TriangleAlert,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';

/**
 * What a decision costs its owner: `destructive` ones take something away (the item, the
 * account, the earnings) and wear the kit's danger style; the rest are mild and stay secondary,
 * so Warn, Suspend and Hold no longer look alike and a slip onto the wrong one shows.
 */
export function actionSeverity(action: ModerationAction): 'destructive' | 'mild' {
  return action === 'take_down' || action === 'suspend' || action === 'hold_payouts'
    ? 'destructive'
    : 'mild';
}

const ICONS: Record<ModerationAction, LucideIcon> = {
  dismiss: Check,
  take_down: EyeOff,
  warn: TriangleAlert,
  suspend: Ban,
  unsuspend: Undo2,
  hold_payouts: CirclePause,
  release_payouts: CirclePlay,
};

/**
 * One decision's button: its word is its accessible name (what is seen is what is said), and a
 * hidden line says what it does to the owner, read after the name.
 */
export function ActionButton({
  action,
  onClick,
}: {
  action: ModerationAction;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const Icon = ICONS[action];
  return (
    <>
      <Button
        variant={actionSeverity(action) === 'destructive' ? 'danger' : 'secondary'}
        onClick={onClick}
        aria-describedby={hintId}
        data-severity={actionSeverity(action)}
      >
        <Icon aria-hidden="true" size={18} />
        {t(`moderation.actions.${action}`)}
      </Button>
      {/* Beside the button, not in it: inside, it would join the button's name. */}
      <span id={hintId} hidden>
        {t(`moderation.actions.hints.${action}`)}
      </span>
    </>
  );
}
