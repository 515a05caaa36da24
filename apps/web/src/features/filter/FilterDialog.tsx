import './filter-texts.ts';
import type { Tag, UserCategory } from '@glimpse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { InfoDialog } from '../../ui/InfoDialog.tsx';
import { CategorySelector } from '../categories/index.ts';
import { useUserCategories } from '../categories/index.ts';
import { categoriesForGender } from '../categories/index.ts';
import { useCountries } from '../reference/index.ts';
import { useTags } from '../reference/index.ts';
import { AgeRangeField } from './AgeRangeField.tsx';
import { CountriesPanelBody } from './CountriesPanelBody.tsx';
import {
  ALL_COUNTRIES_ID,
  categoryGender,
  DEFAULT_FILTER,
  hasSection,
  toggleCountry,
  toggleIn,
  type FilterPanel as PanelName,
  type HomeFilterState,
} from './filter-model.ts';
import { clearFilter, loadFilter, saveFilter } from './filter-storage.ts';
import { FilterPanel } from './FilterPanel.tsx';
import { SectionsFieldset, SexFieldset } from './FilterFieldsets.tsx';
import { TagsPanelBody } from './TagsPanelBody.tsx';

interface FilterDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Drops chosen tags and categories the current sex choice no longer offers (they would be hidden). */
function pruneHidden(
  filter: HomeFilterState,
  tags: Tag[] | undefined,
  categories: UserCategory[] | undefined,
): HomeFilterState {
  const next = { ...filter };
  if (tags) {
    const offered = new Set(tags.map((tag) => tag.id));
    next.tags = filter.tags.filter((id) => offered.has(id));
  }
  if (categories) {
    const visible = categoriesForGender(categories, categoryGender(filter.activeGenders));
    const offered = new Set(
      visible.flatMap((parent) => parent.sub_categories.map((sub) => sub.id)),
    );
    next.categories = filter.categories.filter((id) => offered.has(id));
  }
  return next;
}

/**
 * The home filter (spec 2, 4, 5). Edits a draft that starts from the saved filter; Save stores it
 * under `home_filters` (at least one section required), Reset removes it.
 */
export function FilterDialog({ open, onOpenChange }: FilterDialogProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<HomeFilterState>(loadFilter);
  const [sectionInfoOpen, setSectionInfoOpen] = useState(false);
  const tags = useTags(draft.activeGenders);
  const categories = useUserCategories();
  const countries = useCountries();

  function update(patch: Partial<HomeFilterState>) {
    setDraft((current) => ({ ...current, ...patch }));
  }

  function handlePanelOpenChange(panel: PanelName, isOpen: boolean) {
    setDraft((current) => ({ ...current, panels: { ...current.panels, [panel]: isOpen } }));
  }

  function handleCountryToggle(countryId: number) {
    const realIds = (countries.data ?? [])
      .map((country) => country.id)
      .filter((id) => id !== ALL_COUNTRIES_ID);
    setDraft((current) => ({
      ...current,
      countries: toggleCountry(current.countries, countryId, realIds),
    }));
  }

  function handleSave() {
    if (!hasSection(draft)) {
      setSectionInfoOpen(true);
      return;
    }
    saveFilter(pruneHidden(draft, tags.data, categories.data));
    onOpenChange(false);
  }

  function handleReset() {
    clearFilter();
    setDraft(DEFAULT_FILTER);
    onOpenChange(false);
  }

  const countSummary = (count: number) =>
    count > 0 ? t('filter.selectedCount', { count }) : undefined;
  const allCountries = draft.countries.includes(ALL_COUNTRIES_ID);

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('filter.title')} showClose>
      <div className="flex flex-col gap-5">
        <SectionsFieldset value={draft.sections} onChange={(sections) => update({ sections })} />
        <AgeRangeField value={draft.range} onChange={(range) => update({ range })} />
        <SexFieldset
          value={draft.activeGenders}
          onChange={(activeGenders) => update({ activeGenders })}
        />
        <FilterPanel
          title={t('filter.tags')}
          summary={countSummary(draft.tags.length)}
          open={draft.panels.tags}
          onOpenChange={(isOpen) => handlePanelOpenChange('tags', isOpen)}
        >
          <TagsPanelBody
            tags={tags.data}
            isError={tags.isError}
            onRetry={() => void tags.refetch()}
            value={draft.tags}
            onToggle={(id) => update({ tags: toggleIn(draft.tags, id) })}
          />
        </FilterPanel>
        <FilterPanel
          title={t('filter.categories')}
          summary={countSummary(draft.categories.length)}
          open={draft.panels.categories}
          onOpenChange={(isOpen) => handlePanelOpenChange('categories', isOpen)}
        >
          {categories.data ? (
            <CategorySelector
              mode="filter"
              categories={categories.data}
              gender={categoryGender(draft.activeGenders)}
              value={draft.categories}
              onSelectedCategoryIds={(ids) => update({ categories: ids })}
            />
          ) : (
            <p className="text-sm text-neutral-600">
              {categories.isError ? t('filter.loadFailed') : t('common.loading')}
            </p>
          )}
        </FilterPanel>
        <FilterPanel
          title={t('filter.countries')}
          summary={allCountries ? t('filter.allCountries') : countSummary(draft.countries.length)}
          open={draft.panels.countries}
          onOpenChange={(isOpen) => handlePanelOpenChange('countries', isOpen)}
        >
          <CountriesPanelBody
            countries={countries.data}
            isError={countries.isError}
            onRetry={() => void countries.refetch()}
            value={draft.countries}
            onToggle={handleCountryToggle}
          />
        </FilterPanel>
      </div>
      <div className="sticky -bottom-5 -mx-5 -mb-5 flex gap-3 border-t border-neutral-200 bg-white p-5">
        <Button variant="secondary" className="flex-1" onClick={handleReset}>
          {t('filter.reset')}
        </Button>
        <Button className="flex-1" onClick={handleSave}>
          {t('filter.save')}
        </Button>
      </div>
      <InfoDialog
        open={sectionInfoOpen}
        onOpenChange={setSectionInfoOpen}
        content={t('filter.filter_select')}
      />
    </Dialog>
  );
}
