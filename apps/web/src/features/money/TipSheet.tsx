import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { formatMoney } from '../../lib/money.ts';
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
  tipModes,
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
 * The display name the confirmation uses: the target's when the caller knows it, else the
 * person's own (GET /api/users/{id}, asked for while the sheet is open), else the username.
 */
function useTargetName(target: TipTarget): string {
  const companion = useQuery({
    queryKey: ['money', 'tip-target', target.id],
    queryFn: ({ signal }) => call('companion', { params: { id: target.id } }, { signal }),
    enabled: target.name === undefined,
    retry: false,
  });
  return target.name ?? companion.data?.name ?? target.username;
}

/**
 * The tip menu (spec 2, 4, 5, 6): send money to a verified creator or, as a verified creator
 * oneself, request it. Only the modes that apply are offered (tipModes); with one there is no
 * choice to make, with none only the cannot-send notice. Mounted when opened, so each opening
 * starts from the default model.
 */
export function TipSheet({ open, onOpenChange, target, storyId, channelId }: TipSheetProps) {
  const { t } = useTranslation();
  const { notify } = useSnackbar();
  const me = useMe().data;
  const viewerVerified = Boolean(me?.verifyOndatoAt);
  const inChannel = channelId !== undefined;
  const modes = tipModes(target, viewerVerified, inChannel);
  const startModel = () => ({ ...initialTipModel(target.verified), mode: modes[0] ?? 'send' });
  const [model, setModel] = useState<TipModel>(startModel);
  const [invalid, setInvalid] = useState(false);
  const [follow, setFollow] = useState<Follow>(null);
  const directTip = useSendTip();
  const channelTip = useSendChannelTip();
  const sendTip = inChannel ? channelTip : directTip;
  const amount = tipAmountOf(model);
  const name = useTargetName(target);
  // The confirmation names whom the lookup found by the time the tip went through, even when it
  // answered while the tip was on its way (a closure would keep the username of the click).
  const nameNow = useRef(name);
  useEffect(() => {
    nameNow.current = name;
  }, [name]);

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
        const texts = { name: nameNow.current, amount: formatMoney(amount) };
        notify.success(t(mode === 'send' ? 'money.tip.sent' : 'money.tip.requested', texts));
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
  const showNotice = inChannel ? !target.verified : cannotSendFunds(target, viewerVerified);
  return (
    <>
      <MoneySheet open={open} onOpenChange={onOpenChange} title={t('money.tip.title')}>
        {showNotice && (
          <p role="status" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
            {t('money.tip.cannotSend', { username: target.username })}
          </p>
        )}
        {modes.length > 0 && (
          <TipForm
            model={model}
            onChange={handleChange}
            modes={modes}
            invalid={invalid}
            busy={sendTip.isPending}
            error={sendTip.error && !quietError ? errorMessage(t, sendTip.error) : null}
            onSubmit={handleSubmit}
          />
        )}
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
