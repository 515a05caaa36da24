import { TIP_CUSTOM_MAX_DIGITS, TIP_DEFAULT, type TipMode } from '@glimpse/contract';

/** Spec 3 "Tip model": the mode radio, the amount (a preset or a custom entry) and a message. */
export interface TipModel {
  mode: TipMode;
  preset: number | null;
  /** The free entry: digits only, at most TIP_CUSTOM_MAX_DIGITS; wins over the preset when set. */
  custom: string;
  message: string;
}

export interface TipTarget {
  id: number;
  /** The username the cannot-send notice names (spec 8). */
  username: string;
  /** The display name the confirmation names ("Tip sent: $5.00 to Anna"); looked up if absent. */
  name?: string;
  verified: boolean;
}

/**
 * What the sheet offers (spec 4, 5, 6): send only to a verified target (tips only go to
 * verified creators), request only as a verified user (only creators request tips) and never in
 * a channel or a live chat (a tip there is always sent). Send first: the mode the sheet opens in.
 */
export function tipModes(
  target: Pick<TipTarget, 'verified'>,
  viewerVerified: boolean,
  inChannel: boolean,
): TipMode[] {
  const modes: TipMode[] = [];
  if (target.verified) modes.push('send');
  if (viewerVerified && !inChannel) modes.push('request');
  return modes;
}

/** Spec 4: a target who cannot take money turns the sheet to request mode. */
export function initialTipModel(targetVerified: boolean): TipModel {
  return {
    mode: targetVerified ? 'send' : 'request',
    preset: TIP_DEFAULT,
    custom: '',
    message: '',
  };
}

/** Spec 5 / 9: the custom entry keeps digits only, at most three of them. */
export function maskTipDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, TIP_CUSTOM_MAX_DIGITS);
}

/** The amount to send, or null for the invalid tip marker (empty or zero). */
export function tipAmountOf(model: TipModel): number | null {
  const amount = model.custom !== '' ? Number(model.custom) : model.preset;
  return amount === null || !Number.isFinite(amount) || amount <= 0 ? null : amount;
}

/**
 * Spec 4 / 5: the cannot-send-funds notice shows when the target is not verified and neither
 * is the current user (who then can neither send to them nor request from them).
 */
export function cannotSendFunds(target: TipTarget, viewerVerified: boolean): boolean {
  return !target.verified && !viewerVerified;
}
