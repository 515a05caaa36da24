import { TIP_MESSAGE_MAX, TIP_PRESETS, type TipMode } from '@glimpse/contract';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { inputClass } from '../../ui/Field.tsx';
import { AmountChoices } from './AmountChoices.tsx';
import { maskTipDigits, type TipModel } from './tip-model.ts';

interface TipFormProps {
  model: TipModel;
  onChange: (model: TipModel) => void;
  /**
   * The modes on offer (tipModes): with two, a send / request choice; with one, no choice at
   * all, just the form for it.
   */
  modes: TipMode[];
  /** The invalid tip marker (spec 5): shown after a try with an empty or zero amount. */
  invalid: boolean;
  busy: boolean;
  error: string | null;
  onSubmit: () => void;
}

/** The tip dialog's fields (spec 2): presets, free entry, message, send / request, send. */
export function TipForm({ model, onChange, modes, invalid, busy, error, onSubmit }: TipFormProps) {
  const { t } = useTranslation();
  const id = useId();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  function modeOption(mode: TipMode) {
    return (
      <label key={mode} className="inline-flex min-h-11 items-center gap-2 text-base">
        <input
          type="radio"
          name={`${id}-mode`}
          className="size-5 accent-accent"
          checked={model.mode === mode}
          onChange={() => onChange({ ...model, mode })}
        />
        {t(`money.tip.mode.${mode}`)}
      </label>
    );
  }

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={handleSubmit}>
      {modes.length > 1 && (
        <fieldset className="flex gap-6">
          <legend className="sr-only">{t('money.tip.modeLegend')}</legend>
          {modes.map(modeOption)}
        </fieldset>
      )}
      <AmountChoices
        legend={t('money.tip.amount')}
        amounts={TIP_PRESETS}
        value={model.custom === '' ? model.preset : null}
        onChange={(preset) => onChange({ ...model, preset, custom: '' })}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-custom`} className="text-sm font-medium text-neutral-900">
          {t('money.tip.custom')}
        </label>
        <input
          id={`${id}-custom`}
          className={inputClass}
          inputMode="numeric"
          autoComplete="off"
          placeholder="0"
          value={model.custom}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-invalid` : undefined}
          onChange={(event) => onChange({ ...model, custom: maskTipDigits(event.target.value) })}
        />
        {invalid && (
          <p id={`${id}-invalid`} role="alert" className="text-sm text-red-700">
            {t('money.tip.invalid')}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-message`} className="text-sm font-medium text-neutral-900">
          {t('money.tip.message')}
        </label>
        <textarea
          id={`${id}-message`}
          className={`${inputClass} py-2`}
          rows={3}
          maxLength={TIP_MESSAGE_MAX}
          value={model.message}
          onChange={(event) => onChange({ ...model, message: event.target.value })}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {t(model.mode === 'send' ? 'money.tip.send' : 'money.tip.request')}
      </Button>
    </form>
  );
}
