import type { Tag } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Chip } from '../../ui/Chip.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

interface TagsPanelBodyProps {
  tags: Tag[] | undefined;
  isError: boolean;
  onRetry: () => void;
  value: number[];
  onToggle: (tagId: number) => void;
}

function groupTags(tags: Tag[]): [string, Tag[]][] {
  const groups = new Map<string, Tag[]>();
  for (const tag of tags) groups.set(tag.group, [...(groups.get(tag.group) ?? []), tag]);
  return [...groups.entries()];
}

/** The tags offered for the chosen sexes (all tags when none is chosen), grouped as the data is. */
export function TagsPanelBody({ tags, isError, onRetry, value, onToggle }: TagsPanelBodyProps) {
  const { t } = useTranslation();
  if (isError) {
    return (
      <div className="flex items-center gap-3 text-sm text-neutral-700">
        {t('filter.loadFailed')}
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (!tags) return <Spinner />;
  if (tags.length === 0) return <p className="text-sm text-neutral-600">{t('filter.noTags')}</p>;
  return (
    <div className="flex flex-col gap-3">
      {groupTags(tags).map(([group, groupTagsList]) => (
        <div key={group} role="group" aria-label={group}>
          {group && <p className="mb-1 text-xs font-medium text-neutral-600">{group}</p>}
          <div className="flex flex-wrap gap-2">
            {groupTagsList.map((tag) => (
              <Chip key={tag.id} selected={value.includes(tag.id)} onClick={() => onToggle(tag.id)}>
                {tag.title}
              </Chip>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
