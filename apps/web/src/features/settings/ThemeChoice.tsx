import { THEME_PREFERENCES, type ThemePreference } from '@glimpse/contract';
import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';
import { useThemePreference } from './use-theme-preference.ts';

const icons: Record<ThemePreference, LucideIcon> = { system: Monitor, light: Sun, dark: Moon };

/** System / Light / Dark as native radios in a fieldset: arrow keys move between them. */
export function ThemeChoice() {
  const { t } = useTranslation();
  const name = useId();
  const [preference, choose] = useThemePreference();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-neutral-900">
        {t('settings.appearance.legend')}
      </legend>
      <div className="grid grid-cols-3 gap-2">
        {THEME_PREFERENCES.map((option) => {
          const Icon = icons[option];
          const chosen = preference === option;
          return (
            <label
              key={option}
              className={cn(
                'flex min-h-24 cursor-pointer flex-col items-center gap-1.5 rounded-xl border px-2 py-3 text-center text-sm font-medium text-neutral-900',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent',
                chosen ? 'border-accent-strong bg-accent/10' : 'border-neutral-300 bg-white',
              )}
            >
              <Icon
                aria-hidden="true"
                size={22}
                className={chosen ? 'text-accent-strong' : 'text-neutral-600'}
              />
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name={name}
                  value={option}
                  checked={chosen}
                  onChange={() => choose(option)}
                  aria-describedby={option === 'system' ? `${name}-system` : undefined}
                  className="size-4 accent-accent-strong"
                />
                {t(`settings.appearance.${option}`)}
              </span>
              {option === 'system' && (
                // Out of the radio's name (the label holds it), read as its description.
                <span
                  id={`${name}-system`}
                  aria-hidden="true"
                  className="text-xs font-normal text-neutral-600"
                >
                  {t('settings.appearance.systemHint')}
                </span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
