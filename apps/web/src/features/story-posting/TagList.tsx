import { STORY_TAGS_MAX } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { extractTags, hasTooManyHashtags } from '../story-editing/index.ts';

/** The tags a description will carry: its #hashtags (the server stores them without `#`). */
export function TagList({ text }: { text: string }) {
  const { t } = useTranslation();
  const tags = extractTags(text);
  if (tags.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <ul aria-label={t('posting.form.tags')} className="flex flex-wrap gap-1.5">
        {tags.map((tag) => (
          <li
            key={tag}
            className="rounded-full bg-accent/15 px-2.5 py-1 text-sm text-accent-strong"
          >
            #{tag}
          </li>
        ))}
      </ul>
      {hasTooManyHashtags(text) && (
        <p className="text-xs text-neutral-600">
          {t('posting.form.tooManyTags', { max: STORY_TAGS_MAX })}
        </p>
      )}
    </div>
  );
}
