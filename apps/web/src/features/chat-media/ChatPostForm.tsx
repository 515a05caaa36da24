import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { Switch } from '../../ui/Switch.tsx';
import { useTags } from '../reference/index.ts';
import {
  extractTags,
  HashtagTextarea,
  postErrorMessages,
  VerifyDialog,
} from '../story-editing/index.ts';
import type { Capture, StoryCamera } from '../story-posting/index.ts';
import { useVerifiedCheck } from './use-verified-check.ts';

interface ChatPostFormProps {
  /** story-posting's camera pieces (the price field and rules, the post call). */
  kit: StoryCamera;
  capture: Capture;
  destination: 'chat' | 'broadcast';
  chatId: number;
  onBack: () => void;
  /** Created; the flow shows the success label and closes POST_SUCCESS_RESET_MS later. */
  onPosted: () => void;
}

/**
 * Step 2 in a chat (spec 2, 3 "Story post model", 5 "Chat story post"): description with
 * hashtags (the tags), price or free by the posting rules, "send to all my subscribers" in a
 * direct chat, then POST /api/stories with destination, chats and subscribers.
 */
export function ChatPostForm({
  kit,
  capture,
  destination,
  chatId,
  onBack,
  onPosted,
}: ChatPostFormProps) {
  const { t } = useTranslation();
  const { notify } = useSnackbar();
  const tags = useTags();
  const verification = useVerifiedCheck();
  const { mutation, progress } = kit.usePostStory();
  const [text, setText] = useState('');
  const [price, setPrice] = useState(kit.initialPostingPrice);
  const [subscribers, setSubscribers] = useState(false);
  const [muted, setMuted] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [verifyOpen, setVerifyOpen] = useState(false);
  const abortRef = useRef<AbortController | null>(null);

  // Closing the flow mid-upload stops the upload.
  useEffect(() => () => abortRef.current?.abort(), []);

  const problem = price.free ? undefined : kit.postingPriceProblem(price.price);
  const status = mutation.isPending
    ? 'loading'
    : mutation.isSuccess
      ? 'success'
      : mutation.isError
        ? 'failed'
        : 'idle';
  const busy = status === 'loading' || status === 'success';

  async function handleLockedPriceUse() {
    if (await verification.check()) return;
    setVerifyOpen(true);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (problem || busy) return;
    if (kit.postingNeedsVerification(price) && !(await verification.check())) {
      setVerifyOpen(true);
      return;
    }
    setErrors([]);
    abortRef.current = new AbortController();
    const draft = {
      file: capture.file,
      model: {
        text,
        tags: extractTags(text),
        price: kit.postingPriceAmount(price),
        free: price.free ? ('free' as const) : null,
        destination,
        chats: destination === 'chat' ? [chatId] : [],
        subscribers: destination === 'chat' && subscribers,
      },
      meta: kit.captureMeta(capture, muted),
    };
    mutation.mutate(
      { draft, signal: abortRef.current.signal },
      {
        onSuccess: () => {
          notify.success(t('chatMedia.camera.postedToast'));
          onPosted();
        },
        onError: (error) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          const messages = postErrorMessages(t, error);
          setErrors(messages);
          notify.error(messages[0]!);
        },
      },
    );
  }

  return (
    <div className="flex flex-1 flex-col overflow-y-auto bg-white text-neutral-900">
      <div className="sticky top-0 z-10 flex items-center gap-2 border-b border-neutral-200 bg-white px-2 py-1">
        <IconButton label={t('posting.form.back')} onClick={onBack} disabled={busy}>
          <ArrowLeft aria-hidden="true" size={22} />
        </IconButton>
        <h2 className="text-lg font-semibold">{t('posting.form.title')}</h2>
      </div>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        className="flex flex-col gap-5 p-5"
      >
        <kit.CapturePreview
          capture={capture}
          variant="thumbnail"
          className="h-40 w-24 self-center rounded-xl bg-neutral-900"
        />
        <Field label={t('posting.form.description')} hint={t('posting.form.descriptionHint')}>
          {(control) => (
            <HashtagTextarea
              control={control}
              value={text}
              onChange={setText}
              tagTitles={(tags.data ?? []).map((tag) => tag.title)}
              placeholder={t('posting.form.descriptionPlaceholder')}
              disabled={busy}
            />
          )}
        </Field>
        <kit.TagList text={text} />
        {capture.isVideo && (
          <label className="inline-flex min-h-11 items-center gap-2 text-base">
            <input
              type="checkbox"
              checked={muted}
              onChange={(event) => setMuted(event.target.checked)}
              disabled={busy}
              className="size-5 accent-accent-strong"
            />
            {t('posting.form.muted')}
          </label>
        )}
        <kit.PostingPriceField
          value={price}
          onChange={setPrice}
          problem={problem}
          verified={verification.hasVerificationDate}
          onLockedUse={() => void handleLockedPriceUse()}
          disabled={busy}
        />
        {destination === 'chat' && (
          <Switch
            label={t('chatMedia.camera.subscribers')}
            hint={t('chatMedia.camera.subscribersHint')}
            checked={subscribers}
            onCheckedChange={setSubscribers}
          />
        )}
        <kit.PostButton status={status} progress={progress} disabled={Boolean(problem)} />
        <kit.PostErrors messages={status === 'failed' ? errors : []} />
      </form>
      <VerifyDialog open={verifyOpen} onOpenChange={setVerifyOpen} />
    </div>
  );
}
