import './search-texts.ts';
import { SEARCH_QUERY_MAX } from '@glimpse/contract';
import { ArrowLeft, SearchIcon, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { routes } from '../../routes.ts';
import { focusRing, IconButton } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { useSearchResults } from './search.queries.ts';
import { SearchResults } from './SearchResults.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';

/** How long the text must rest before it is searched for. */
export const SEARCH_DEBOUNCE_MS = 200;

const RESULT = 'a[data-search-result]';

/**
 * /search?q=: creators by name, handle or tag as the text is typed (full screen on a phone, beside
 * the rail on a desktop). The text lives in the address (replaced, not pushed), so Back from a
 * profile comes back to the same results. Keys: Down from the field and Up/Down between results,
 * Enter opens a result (from the field: the first), Escape closes the search.
 */
export function SearchScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const [openedWithText] = useState(text !== '');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const results = useSearchResults(q);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const keysId = useId();

  const inAddress = params.get('q') ?? '';
  useEffect(() => {
    if (inAddress !== q) setParams(q ? { q } : {}, { replace: true });
  }, [q, inAddress, setParams]);

  function handleClose() {
    // "default" is the key of the first entry: nothing in the app to go back to.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(routes['auth.home'](), { replace: true });
  }

  function resultLinks(): HTMLAnchorElement[] {
    return [...(listRef.current?.querySelectorAll<HTMLAnchorElement>(RESULT) ?? [])];
  }

  function handleFieldKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Only results of the text as typed: Enter never opens what an older text found.
    const current = q === text.trim() && !results.isPlaceholderData;
    if (event.key === 'ArrowDown' && current) {
      const [first] = resultLinks();
      if (!first) return;
      event.preventDefault();
      first.focus();
    } else if (event.key === 'Enter' && current) {
      const [first] = resultLinks();
      if (!first) return;
      event.preventDefault();
      first.click();
    }
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      handleClose();
      return;
    }
    // The field's own keys are handleFieldKeyDown's.
    if (event.target === inputRef.current) return;
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = resultLinks();
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (index < 0) return;
    event.preventDefault();
    const next = event.key === 'ArrowDown' ? links[index + 1] : links[index - 1];
    (next ?? (event.key === 'ArrowUp' ? inputRef.current : links[index]))?.focus();
  }

  return (
    <div className="flex flex-1 flex-col" onKeyDown={handleKeyDown}>
      <header className="sticky top-0 z-20 flex min-h-14 items-center gap-1 border-b border-neutral-200 bg-white/95 px-2 backdrop-blur lg:px-4">
        <IconButton label={t('search.close')} onClick={handleClose}>
          <ArrowLeft aria-hidden="true" size={22} />
        </IconButton>
        <h1 className="sr-only">{t('search.title')}</h1>
        <div role="search" className="relative flex-1 lg:max-w-2xl">
          <SearchIcon
            aria-hidden="true"
            size={18}
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-neutral-500"
          />
          <input
            ref={inputRef}
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            // The screen exists to type into: the field takes focus as it opens, but not when
            // coming back to results (a phone's keyboard would cover them).
            autoFocus={!openedWithText}
            maxLength={SEARCH_QUERY_MAX}
            aria-label={t('search.inputLabel')}
            aria-describedby={keysId}
            placeholder={t('search.placeholder')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={handleFieldKeyDown}
            className={cn(
              'h-11 w-full rounded-full border border-neutral-200 bg-neutral-100 pr-11 pl-10 text-base text-neutral-900 placeholder:text-neutral-500',
              '[&::-webkit-search-cancel-button]:appearance-none',
              focusRing,
            )}
          />
          {text !== '' && (
            <button
              type="button"
              aria-label={t('search.clear')}
              onClick={() => {
                setText('');
                inputRef.current?.focus();
              }}
              className={cn(
                'absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-neutral-600 hover:bg-neutral-200',
                focusRing,
              )}
            >
              <X aria-hidden="true" size={18} />
            </button>
          )}
        </div>
      </header>
      <main id="main" className="flex flex-1 flex-col px-2 py-2 lg:max-w-2xl lg:px-4">
        <p id={keysId} className="sr-only">
          {t('search.keys')}
        </p>
        <div ref={listRef} className="flex flex-col">
          <SearchResults q={q} results={results} />
        </div>
      </main>
    </div>
  );
}
