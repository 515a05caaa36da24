import {
  STREAM_AUDIENCES,
  STREAM_TITLE_MAX,
  type CreateStreamBody,
  type StreamAudience,
} from '@glimpse/contract';
import { Radio } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Field, inputClass } from '../../ui/Field.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { useVerificationCheck, VerifyDialog } from '../story-editing/index.ts';
import { streamPriceOf, StreamPriceField } from './StreamPriceField.tsx';

export type StreamSource = 'camera' | 'obs';

interface GoLiveFormProps {
  source: StreamSource;
  onSourceChange: (source: StreamSource) => void;
  /** False when the server runs no RTMP ingest: only the camera. */
  rtmpEnabled: boolean;
  /** The camera is ready, or OBS is chosen. */
  canStart: boolean;
  busy: boolean;
  /** A server refusal of the price (max_price_error). */
  priceError?: string;
  onStart: (body: CreateStreamBody) => void;
}

/** Title (required), audience, optional entry price, recording, and where the video comes from. */
export function GoLiveForm({
  source,
  onSourceChange,
  rtmpEnabled,
  canStart,
  busy,
  priceError,
  onStart,
}: GoLiveFormProps) {
  const { t } = useTranslation();
  const verification = useVerificationCheck();
  const [title, setTitle] = useState('');
  const [audience, setAudience] = useState<StreamAudience>('everyone');
  const [price, setPrice] = useState('');
  const [record, setRecord] = useState(false);
  const [titleMissing, setTitleMissing] = useState(false);
  const [verifyOpen, setVerifyOpen] = useState(false);

  async function handleLockedUse() {
    if (!(await verification.check())) setVerifyOpen(true);
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const amount = streamPriceOf(price);
    if (!title.trim()) return setTitleMissing(true);
    if (amount === 'invalid' || busy || !canStart) return;
    if (amount !== null && !(await verification.check())) return setVerifyOpen(true);
    onStart({
      title: title.trim(),
      audience,
      price: amount,
      ingest: source === 'obs' ? 'rtmp' : 'browser',
      record,
    });
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-5">
      <Field
        label={t('goLive.form.title')}
        errors={titleMissing ? [t('goLive.form.titleRequired')] : []}
      >
        {(control) => (
          <input
            {...control}
            required
            maxLength={STREAM_TITLE_MAX}
            value={title}
            placeholder={t('goLive.form.titlePlaceholder')}
            onChange={(event) => {
              setTitle(event.target.value);
              setTitleMissing(false);
            }}
            className={inputClass}
          />
        )}
      </Field>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-neutral-900">
          {t('goLive.form.audience')}
        </legend>
        {STREAM_AUDIENCES.map((value) => (
          <label key={value} className="inline-flex min-h-11 items-center gap-2 text-base">
            <input
              type="radio"
              name="stream-audience"
              value={value}
              checked={audience === value}
              onChange={() => setAudience(value)}
              className="size-5 accent-accent-strong"
            />
            {t(`goLive.audience.${value}`)}
          </label>
        ))}
      </fieldset>
      <StreamPriceField
        value={price}
        onChange={setPrice}
        verified={verification.verified}
        onLockedUse={() => void handleLockedUse()}
        serverError={priceError}
      />
      <Switch
        label={t('goLive.form.record')}
        hint={t('goLive.form.recordHint')}
        checked={record}
        onCheckedChange={setRecord}
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-neutral-900">
          {t('goLive.form.source')}
        </legend>
        {(['camera', 'obs'] as const).map((value) => (
          <label key={value} className="inline-flex min-h-11 items-center gap-2 text-base">
            <input
              type="radio"
              name="stream-source"
              value={value}
              checked={source === value}
              disabled={value === 'obs' && !rtmpEnabled}
              onChange={() => onSourceChange(value)}
              className="size-5 accent-accent-strong"
            />
            {t(`goLive.source.${value}`)}
          </label>
        ))}
      </fieldset>
      <Button type="submit" disabled={busy || !canStart} aria-busy={busy}>
        <Radio aria-hidden="true" size={18} />
        {busy ? t('goLive.starting') : t('goLive.start')}
      </Button>
      <VerifyDialog open={verifyOpen} onOpenChange={setVerifyOpen} />
    </form>
  );
}
