import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useSnackbar } from '../../ui/snackbar.ts';
import { useMe } from '../auth/index.ts';
import { VerifyDialog } from '../story-editing/index.ts';
import { InsufficientFundsDialog } from './InsufficientFundsDialog.tsx';
import { useSendTip } from './money.queries.ts';
import { MoneySheet } from './MoneySheet.tsx';
import { TipForm } from './TipForm.tsx';
import {
  cannotSendFunds,
  initialTipModel,
  tipAmountOf,
  type TipModel,
  type TipTarget,
} from './tip-model.ts';

export interface TipSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: TipTarget;
  /** The story the tip is for, when sent from the viewer. */
  storyId?: number;
}

type Follow = 'verify' | 'insufficient' | null;

/**
 * The tip menu (spec 2, 4, 5): send money to a verified creator or request it. Mounted when
 * opened, so each opening starts from the default model in the mode the target allows.
 */
export function TipSheet({ open, onOpenChange, target, storyId }: TipSheetProps) {
  const { t } = useTranslation();
  const { notify } = useSnackbar();
  const me = useMe().data;
  const viewerVerified = Boolean(me?.verifyOndatoAt);
  const [model, setModel] = useState<TipModel>(() => initialTipModel(target.verified));
  const [invalid, setInvalid] = useState(false);
  const [follow, setFollow] = useState<Follow>(null);
  const sendTip = useSendTip();
  const amount = tipAmountOf(model);

  function handleChange(next: TipModel) {
    setModel(next);
    setInvalid(false);
    sendTip.reset();
  }

  function handleSubmit() {
    if (amount === null) return setInvalid(true);
    if (model.mode === 'request' && !viewerVerified) return setFollow('verify');
    const mode = model.mode;
    sendTip.mutate(
      { user_id: target.id, amount, message: model.message, story_id: storyId, mode },
      {
        onSuccess: () => {
          notify.success(t(mode === 'send' ? 'money.tip.sent' : 'money.tip.requested'));
          setModel(initialTipModel(target.verified));
          onOpenChange(false);
        },
        onError: (error) => {
          if (isApiError(error, 'insufficient_funds')) setFollow('insufficient');
          if (isApiError(error, 'verification_required')) setFollow('verify');
        },
      },
    );
  }

  const quietError =
    isApiError(sendTip.error, 'insufficient_funds') ||
    isApiError(sendTip.error, 'verification_required');
  return (
    <>
      <MoneySheet open={open} onOpenChange={onOpenChange} title={t('money.tip.title')}>
        {cannotSendFunds(target, viewerVerified) && (
          <p role="status" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
            {t('money.tip.cannotSend', { username: target.username })}
          </p>
        )}
        <TipForm
          model={model}
          onChange={handleChange}
          canSend={target.verified}
          invalid={invalid}
          busy={sendTip.isPending}
          error={sendTip.error && !quietError ? errorMessage(t, sendTip.error) : null}
          onSubmit={handleSubmit}
        />
      </MoneySheet>
      <VerifyDialog open={follow === 'verify'} onOpenChange={() => setFollow(null)} />
      {follow === 'insufficient' && (
        <InsufficientFundsDialog
          open
          onOpenChange={() => setFollow(null)}
          missing={(amount ?? 0) - (me?.balance ?? 0)}
        />
      )}
    </>
  );
}
