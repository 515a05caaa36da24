import { X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../ui/Field.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useCountries } from '../reference/index.ts';

interface BlockedCountriesPickerProps {
  value: string[];
  onChange: (codes: string[]) => void;
  errors?: string[] | undefined;
}

/**
 * Geo-blocking (issue 29): the countries whose viewers do not see the creator. The chosen ones
 * are chips (each removable); a search narrows a checklist of every country below, scrolling in
 * its own box so the form stays short on a phone.
 */
export function BlockedCountriesPicker({ value, onChange, errors }: BlockedCountriesPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const countries = useCountries();
  const [query, setQuery] = useState('');
  const all = useMemo(
    () => (countries.data ?? []).filter((country) => country.code.length === 2),
    [countries.data],
  );
  const names = useMemo(() => new Map(all.map((c) => [c.code, c.name])), [all]);
  const needle = query.trim().toLocaleLowerCase();
  const shown = needle
    ? all.filter((c) => c.name.toLocaleLowerCase().includes(needle) || c.code === needle)
    : all;
  const chosen = new Set(value);
  const toggle = (code: string) =>
    onChange(chosen.has(code) ? value.filter((c) => c !== code) : [...value, code].sort());

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-hint`}>
      <legend className="mb-1 text-base font-semibold text-neutral-900">
        {t('profile.blockedCountries')}
      </legend>
      <p id={`${id}-hint`} className="text-sm text-neutral-600">
        {t('profile.blockedCountriesHint')}
      </p>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('profile.blockedCountriesChosen')}>
          {value.map((code) => (
            <li
              key={code}
              className="flex items-center gap-1 rounded-full bg-neutral-200 py-1 pr-1 pl-3 text-sm text-neutral-900"
            >
              <span aria-hidden="true" className={`fi fi-${code} rounded-sm`} />
              {names.get(code) ?? code.toUpperCase()}
              <button
                type="button"
                onClick={() => toggle(code)}
                aria-label={t('profile.unblockCountry', { country: names.get(code) ?? code })}
                className="flex size-8 items-center justify-center rounded-full hover:bg-neutral-300 focus-visible:outline-2 focus-visible:outline-accent"
              >
                <X aria-hidden="true" size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        aria-label={t('profile.blockedCountriesSearch')}
        placeholder={t('profile.blockedCountriesSearch')}
        className={inputClass}
      />
      {countries.isPending ? (
        <Spinner />
      ) : (
        <ul className="max-h-60 overflow-y-auto rounded-lg border border-neutral-300">
          {shown.map((country) => (
            <li key={country.code}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 hover:bg-neutral-100">
                <input
                  type="checkbox"
                  checked={chosen.has(country.code)}
                  onChange={() => toggle(country.code)}
                  className="size-5"
                />
                <span aria-hidden="true" className={`fi fi-${country.code} rounded-sm`} />
                <span>{country.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {errors && errors.length > 0 && (
        <p role="alert" className="text-sm text-red-700">
          {errors.join(' ')}
        </p>
      )}
    </fieldset>
  );
}
