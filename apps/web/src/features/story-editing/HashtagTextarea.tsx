import { STORY_TEXT_MAX, TEXTAREA_ROW_HEIGHT_PX, TEXTAREA_ROWS } from '@glimpse/contract';
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';
import type { FieldControlProps } from '../../ui/Field.tsx';
import { inputClass } from '../../ui/Field.tsx';
import { activeHashtag, completeHashtag, formatHashtagText, suggestHashtags } from './hashtags.ts';
import './posting-texts.ts';

interface HashtagTextareaProps {
  control: FieldControlProps;
  value: string;
  onChange: (text: string) => void;
  /** Titles of the known tags, suggested while a hashtag is typed. */
  tagTitles: string[];
  maxLength?: number;
  placeholder?: string;
  disabled?: boolean;
}

/**
 * A story description: cleaned by the hashtag formatter on each change, limited in length with
 * a counter, and suggesting known tags after `#` (arrows move, Enter or Tab picks, Escape hides).
 */
export function HashtagTextarea({
  control,
  value,
  onChange,
  tagTitles,
  maxLength = STORY_TEXT_MAX,
  placeholder,
  disabled = false,
}: HashtagTextareaProps) {
  const { t } = useTranslation();
  const listId = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  // Where the caret must go once React has written a completed hashtag.
  const pendingCaretRef = useRef<number | null>(null);
  // The caret while the field has focus; null hides the suggestions.
  const [caret, setCaret] = useState<number | null>(null);
  const [highlight, setHighlight] = useState(0);
  const [dismissed, setDismissed] = useState(false);

  const active = caret === null || dismissed ? undefined : activeHashtag(value, caret);
  const options = active ? suggestHashtags(tagTitles, active.query) : [];
  const open = options.length > 0;
  const highlighted = Math.min(highlight, options.length - 1);

  useLayoutEffect(() => {
    const caretTarget = pendingCaretRef.current;
    if (caretTarget === null || !textareaRef.current) return;
    textareaRef.current.setSelectionRange(caretTarget, caretTarget);
    pendingCaretRef.current = null;
  }, [value]);

  function handleChange(event: ChangeEvent<HTMLTextAreaElement>) {
    const target = event.target;
    const raw = target.value;
    const next = formatHashtagText(raw, maxLength);
    const rawCaret = target.selectionStart ?? raw.length;
    const nextCaret = Math.min(
      formatHashtagText(raw.slice(0, rawCaret), maxLength).length,
      next.length,
    );
    pendingCaretRef.current = null;
    // The formatter changed what was typed: write it back now, keeping the caret where the
    // user is typing (the state may not even change, e.g. a second # that is dropped).
    if (next !== raw) {
      target.value = next;
      target.setSelectionRange(nextCaret, nextCaret);
    }
    onChange(next);
    setCaret(nextCaret);
    setHighlight(0);
    setDismissed(false);
  }

  function handleChoose(word: string) {
    const result = completeHashtag(value, caret ?? value.length, word);
    pendingCaretRef.current = result.caret;
    onChange(result.text);
    setCaret(result.caret);
    textareaRef.current?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlight((highlighted + step + options.length) % options.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      handleChoose(options[highlighted]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(true);
    }
  }

  return (
    <div className="relative flex flex-col gap-1">
      <textarea
        {...control}
        ref={textareaRef}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? `${listId}-${highlighted}` : undefined}
        rows={TEXTAREA_ROWS}
        style={{ lineHeight: `${TEXTAREA_ROW_HEIGHT_PX}px` }}
        maxLength={maxLength}
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        onChange={handleChange}
        onKeyDown={handleKeyDown}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onBlur={() => setCaret(null)}
        className={cn(inputClass, 'resize-none py-2')}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('posting.form.tagSuggestions')}
        hidden={!open}
        className="absolute top-full left-0 z-10 mt-1 max-h-48 w-full overflow-y-auto rounded-xl border border-neutral-200 bg-white py-1 text-neutral-900 shadow-lg"
      >
        {options.map((word, index) => (
          <li
            key={word}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === highlighted}
            // Keep the focus (and the caret) in the textarea while clicking a suggestion.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => handleChoose(word)}
            className={cn(
              'cursor-pointer px-3 py-2 text-sm',
              index === highlighted ? 'bg-accent/15 text-accent-strong' : 'hover:bg-neutral-100',
            )}
          >
            #{word}
          </li>
        ))}
      </ul>
      <p className="self-end text-xs text-neutral-600 tabular-nums">
        {t('posting.form.counter', { count: value.length, max: maxLength })}
      </p>
    </div>
  );
}
