import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { Switch } from '../../ui/Switch.tsx';
import { useTags } from '../reference/index.ts';
import { captureMeta, type Capture } from './capture.ts';
import { CapturePreview } from './CapturePreview.tsx';
import { PostButton, type PostStatus } from './PostButton.tsx';
import { PostErrors } from './PostErrors.tsx';
import { usePostStory } from './post-story.queries.ts';
import { PostingPriceField } from './PostingPriceField.tsx';
import {
  initialPostingPrice,
  postingNeedsVerification,
  postingPriceAmount,
  postingPriceProblem,
} from './posting-rules.ts';
import { TagList } from './TagList.tsx';
import {
  extractTags,
  HashtagTextarea,
  postErrorMessages,
  useVerificationCheck,
  VerifyDialog,
} from '../story-editing/index.ts';

/** Whether the user is verified, and a fresh check of it right before a priced post. */
export interface PostingVerification {
  verified: boolean;
  check: () => Promise<boolean>;
}

/** Posting into chats (chat-media's camera flow) rather than to the profile. */
export interface ChatPostTarget {
  destination: 'chat' | 'broadcast';
  chatId: number;
  /**
   * The "send to all my subscribers" switch, offered in a direct chat (destination `chat`) when
   * given: only to a creator who has subscribers to send it to.
   */
  subscribersLabel?: string;
  subscribersHint?: string;
}

/** The form's title and button where "Before posting" / "Post story" do not fit (a chat). */
export interface PostFormTexts {
  title: { photo: string; video: string };
  status: Record<PostStatus, string>;
}

export interface PostFormOptions {
  /** Leave out for a public story on the profile. */
  chatTarget?: ChatPostTarget;
  /** The toast after a successful post; "posted" of story-posting by default. */
  postedToast?: string;
  /** Replaces the profile-based check (spec 5 "Chat story post" asks the server's check). */
  verification?: PostingVerification;
  texts?: PostFormTexts;
}

interface PostFormProps extends PostFormOptions {
  capture: Capture;
  onBack: () => void;
  /** The story was created; the flow closes a moment later. */
  onPosted: () => void;
}

/**
 * Step 2, the before-posting form: description and tags, price or free, then post. With a
 * `chatTarget` the story goes with destination, chats and subscribers (spec 3, 5).
 */
export function PostForm({
  capture,
  onBack,
  onPosted,
  chatTarget,
  postedToast,
  verification: verificationOverride,
  texts,
}: PostFormProps) {
  const { t } = useTranslation();
  const { notify } = useSnackbar();
  const tags = useTags();
  const profileVerification = useVerificationCheck();
  const verification = verificationOverride ?? profileVerification;
  const { mutation, progress } = usePostStory();
  const [text, setText] = useState('');
  const [price, setPrice] = useState(initialPostingPrice);
  const [subscribers, setSubscribers] = useState(false);
  const [muted, setMuted] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [verifyOpen, setVerifyOpen] = useState(false);
  const abortRef = useRef<AbortController | null>(null);

  // Closing the flow mid-upload stops the upload.
  useEffect(() => () => abortRef.current?.abort(), []);

  const problem = price.free ? undefined : postingPriceProblem(price.price);
  const status: PostStatus = mutation.isPending
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
    if (postingNeedsVerification(price) && !(await verification.check())) {
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
        price: postingPriceAmount(price),
        free: price.free ? ('free' as const) : null,
        ...(chatTarget && {
          destination: chatTarget.destination,
          chats: chatTarget.destination === 'chat' ? [chatTarget.chatId] : [],
          subscribers: chatTarget.destination === 'chat' && subscribers,
        }),
      },
      meta: captureMeta(capture, muted),
    };
    mutation.mutate(
      { draft, signal: abortRef.current.signal },
      {
        onSuccess: () => {
          notify.success(postedToast ?? t('posting.form.postedToast'));
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
        <h2 className="text-lg font-semibold">
          {texts ? texts.title[capture.isVideo ? 'video' : 'photo'] : t('posting.form.title')}
        </h2>
      </div>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        className="flex flex-col gap-5 p-5"
      >
        <CapturePreview
          capture={capture}
          variant="thumbnail"
          className="media-surface h-40 w-24 self-center rounded-xl bg-neutral-900"
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
        <TagList text={text} />
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
        <PostingPriceField
          value={price}
          onChange={setPrice}
          problem={problem}
          verified={verification.verified}
          onLockedUse={() => void handleLockedPriceUse()}
          disabled={busy}
        />
        {chatTarget?.destination === 'chat' && chatTarget.subscribersLabel && (
          <Switch
            label={chatTarget.subscribersLabel}
            hint={chatTarget.subscribersHint}
            checked={subscribers}
            onCheckedChange={setSubscribers}
          />
        )}
        <PostButton
          status={status}
          progress={progress}
          disabled={Boolean(problem)}
          labels={texts?.status}
        />
        <PostErrors messages={status === 'failed' ? errors : []} />
      </form>
      <VerifyDialog open={verifyOpen} onOpenChange={setVerifyOpen} />
    </div>
  );
}
