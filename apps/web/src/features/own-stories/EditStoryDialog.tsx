import { editStoryBody, STORY_PRICE_MAX, STORY_PRICE_MIN, type OwnStory } from '@glimpse/contract';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contractFieldErrors } from '../../lib/contract-errors.ts';
import { hasErrors } from '../../lib/form-errors.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field, inputClass } from '../../ui/Field.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { useTags } from '../reference/index.ts';
import {
  formatHashtagText,
  HashtagTextarea,
  storyMessage,
  useVerificationCheck,
  VerifyDialog,
} from '../story-editing/index.ts';
import { editErrorOutcome, editFieldOf, type EditErrorOutcome } from './edit-errors.ts';
import {
  changeEditPrice,
  editNeedsVerification,
  editPriceProblem,
  initialEditPrice,
  setEditFree,
  toEditStoryBody,
  type EditPrice,
} from './edit-rules.ts';
import { useEditStory } from './own-stories.queries.ts';

interface EditStoryDialogProps {
  story: OwnStory;
  onClose: () => void;
}

/** "Modify content" (spec 2, 4, 5, 8): price or free, and the description. */
export function EditStoryDialog({ story, onClose }: EditStoryDialogProps) {
  const { t } = useTranslation();
  const { notify } = useSnackbar();
  const tags = useTags();
  const verification = useVerificationCheck();
  const edit = useEditStory();
  const [price, setPrice] = useState(() => initialEditPrice(story));
  const [text, setText] = useState(() => formatHashtagText(story.text));
  const [fieldErrors, setFieldErrors] = useState<EditErrorOutcome['fields']>({});
  const [verifyOpen, setVerifyOpen] = useState(false);
  const priceRef = useRef<HTMLInputElement>(null);

  /** A new price or Free takes the price's old error with it: it was about another value. */
  function handlePriceChange(next: EditPrice) {
    // A keystroke the field does not take (a letter) changes nothing, errors included.
    if (next.priceText === price.priceText && next.free === price.free) return;
    setPrice(next);
    setFieldErrors(({ price: _stale, ...rest }) => rest);
  }

  function handleFreeChange(free: boolean) {
    handlePriceChange(setEditFree(price, free));
    // Free off means the story gets a price: the field is where to type it.
    if (!free) priceRef.current?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (edit.isPending) return;
    const problem = editPriceProblem(price);
    if (problem) {
      setFieldErrors((errors) => ({ ...errors, price: [priceProblemText(problem)] }));
      priceRef.current?.focus();
      return;
    }
    // A price other than 0 needs a passed verification check; without it saving stops.
    if (editNeedsVerification(price) && !(await verification.check())) {
      setVerifyOpen(true);
      return;
    }
    const body = toEditStoryBody(price, text);
    // What the contract refuses outright (decimals, length) needs no round trip.
    const invalid = contractFieldErrors(t, editStoryBody, body, editFieldOf);
    setFieldErrors(invalid);
    if (hasErrors(invalid)) return;
    edit.mutate(
      { id: story.id, body },
      {
        onSuccess: ({ message }) => {
          notify.success(t(`ownStories.messages.${message}`, { defaultValue: message }));
          onClose();
        },
        onError: (error) => {
          const outcome = editErrorOutcome(t, error);
          setFieldErrors(outcome.fields);
          if (outcome.snackbar) notify.error(outcome.snackbar);
        },
      },
    );
  }

  function priceProblemText(problem: NonNullable<ReturnType<typeof editPriceProblem>>) {
    if (problem === 'price_required') return t('ownStories.edit.priceRequired');
    return storyMessage(t, 'max_price_error');
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('ownStories.edit.title')}
      showClose
    >
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        className="flex flex-col gap-4"
      >
        <Field
          label={t('ownStories.edit.price')}
          hint={t('ownStories.edit.priceHint', { max: STORY_PRICE_MAX })}
          errors={fieldErrors.price}
        >
          {(control) => (
            <input
              {...control}
              ref={priceRef}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder={`${STORY_PRICE_MIN}-${STORY_PRICE_MAX}`}
              value={price.priceText}
              onChange={(event) => handlePriceChange(changeEditPrice(price, event.target.value))}
              className={inputClass}
            />
          )}
        </Field>
        <Switch
          label={t('ownStories.edit.free')}
          checked={price.free}
          onCheckedChange={handleFreeChange}
        />
        <Field label={t('ownStories.edit.description')} errors={fieldErrors.text}>
          {(control) => (
            <HashtagTextarea
              control={control}
              value={text}
              onChange={setText}
              tagTitles={(tags.data ?? []).map((tag) => tag.title)}
            />
          )}
        </Field>
        <Button type="submit" disabled={edit.isPending}>
          {edit.isPending ? t('ownStories.edit.sending') : t('ownStories.edit.send')}
        </Button>
      </form>
      <VerifyDialog open={verifyOpen} onOpenChange={setVerifyOpen} />
    </Dialog>
  );
}
