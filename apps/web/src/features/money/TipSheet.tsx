import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useSnackbar } from '../../ui/snackbar.ts';
import { useMe } from '../auth/index.ts';
import { VerifyDialog } from '../story-editing/index.ts';
import { InsufficientFundsDialog } from './InsufficientFundsDialog.tsx';
import { useSendChannelTip, useSendTip } from './money.queries.ts';
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
  /**
   * A tip in a broadcast channel: it goes to the channel (`POST /api/tips/channel`, shown there
   * as a tip message) and is always sent, never requested. `target` is the channel's owner.
   */
  channelId?: number;
}

type Follow = 'verify' | 'insufficient' | null;

/**
 * The tip menu (spec 2, 4, 5): send money to a verified creator or request it. Mounted when
 * opened, so each opening starts from the default model in the mode the target allows.
 */
export function TipSheet({ open, onOpenChange, target, storyId, channelId }: TipSheetProps) {
  const { t } = useTranslation();
  const { notify } = useSnackbar();
  const me = useMe().data;
  const viewerVerified = Boolean(me?.verifyOndatoAt);
  const inChannel = channelId !== undefined;
  // A channel tip has no request mode: it starts (and stays) in send mode.
  const startModel = () => initialTipModel(target.verified || inChannel);
  const [model, setModel] = useState<TipModel>(startModel);
  const [invalid, setInvalid] = useState(false);
  const [follow, setFollow] = useState<Follow>(null);
  const directTip = useSendTip();
  const channelTip = useSendChannelTip();
  const sendTip = inChannel ? channelTip : directTip;
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
    const callbacks = {
      onSuccess: () => {
        notify.success(t(mode === 'send' ? 'money.tip.sent' : 'money.tip.requested'));
        setModel(startModel());
        onOpenChange(false);
      },
      onError: (error: Error) => {
        if (isApiError(error, 'insufficient_funds')) setFollow('insufficient');
        if (isApiError(error, 'verification_required')) setFollow('verify');
      },
    };
    if (inChannel) {
      channelTip.mutate({ chat_id: channelId, amount, message: model.message }, callbacks);
    } else {
      directTip.mutate(
        { user_id: target.id, amount, message: model.message, story_id: storyId, mode },
        callbacks,
      );
    }
  }

  const quietError =
    isApiError(sendTip.error, 'insufficient_funds') ||
    isApiError(sendTip.error, 'verification_required');
  return (
    <>
      <MoneySheet open={open} onOpenChange={onOpenChange} title={t('money.tip.title')}>
        {(inChannel ? !target.verified : cannotSendFunds(target, viewerVerified)) && (
          <p role="status" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
            {t('money.tip.cannotSend', { username: target.username })}
          </p>
        )}
        <TipForm
          model={model}
          onChange={handleChange}
          canSend={target.verified}
          canRequest={!inChannel}
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
