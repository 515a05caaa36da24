import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { categories } from '../../test/fixtures.ts';
import { CategorySelector } from './CategorySelector.tsx';
import type { CategoryChoice } from './category-selection.ts';

function NormalHarness({ onChange }: { onChange: (value: CategoryChoice) => void }) {
  const [value, setValue] = useState<CategoryChoice>({});
  return (
    <CategorySelector
      mode="normal"
      categories={categories}
      value={value}
      onSelectedCategoryIds={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function FilterHarness({ onChange }: { onChange: (value: number[]) => void }) {
  const [value, setValue] = useState<number[]>([]);
  return (
    <CategorySelector
      mode="filter"
      categories={categories}
      value={value}
      onSelectedCategoryIds={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const card = (title: string) => screen.getByRole('region', { name: title });
const chip = (name: string) => screen.getByRole('button', { name });

describe('CategorySelector gender filter', () => {
  it('shows every parent category when no gender is given', () => {
    render(
      <CategorySelector
        mode="filter"
        categories={categories}
        value={[]}
        onSelectedCategoryIds={vi.fn()}
      />,
    );
    expect(
      screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby')),
    ).toHaveLength(3);
    expect(card('Hair Color')).toBeInTheDocument();
    expect(card('Body')).toBeInTheDocument();
    expect(card('Style')).toBeInTheDocument();
  });

  it.each([
    ['male', ['Hair Color', 'Body']],
    ['female', ['Hair Color', 'Style']],
    ['transgender', ['Hair Color', 'Style']],
  ] as const)('shows only parents flagged 1 for %s', (gender, titles) => {
    render(
      <CategorySelector
        mode="normal"
        gender={gender}
        categories={categories}
        value={{}}
        onSelectedCategoryIds={vi.fn()}
      />,
    );
    const shown = screen
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(shown).toEqual(titles);
  });

  it('says so when nothing is offered', () => {
    render(
      <CategorySelector mode="normal" categories={[]} value={{}} onSelectedCategoryIds={vi.fn()} />,
    );
    expect(screen.getByText('No categories available.')).toBeInTheDocument();
  });
});

describe('CategorySelector normal mode', () => {
  it('chooses one chip per parent and reports parent -> sub', async () => {
    const onChange = vi.fn();
    render(<NormalHarness onChange={onChange} />);
    await userEvent.click(chip('Athletic'));
    expect(onChange).toHaveBeenLastCalledWith({ 20: 201 });
    expect(chip('Athletic')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('Slim')).toHaveAttribute('aria-pressed', 'false');
  });

  it('replaces the chosen chip when another chip of the same parent is clicked', async () => {
    const onChange = vi.fn();
    render(<NormalHarness onChange={onChange} />);
    await userEvent.click(chip('Athletic'));
    await userEvent.click(chip('Slim'));
    expect(onChange).toHaveBeenLastCalledWith({ 20: 202 });
    expect(chip('Athletic')).toHaveAttribute('aria-pressed', 'false');
    expect(chip('Slim')).toHaveAttribute('aria-pressed', 'true');
  });

  it('clears the parent when its chosen chip is clicked again', async () => {
    const onChange = vi.fn();
    render(<NormalHarness onChange={onChange} />);
    await userEvent.click(chip('Athletic'));
    await userEvent.click(chip('Athletic'));
    expect(onChange).toHaveBeenLastCalledWith({});
    expect(chip('Athletic')).toHaveAttribute('aria-pressed', 'false');
  });

  it('keeps choices of different parents side by side', async () => {
    const onChange = vi.fn();
    render(<NormalHarness onChange={onChange} />);
    await userEvent.click(chip('Athletic'));
    await userEvent.click(chip('Classic'));
    await userEvent.click(chip('Black'));
    expect(onChange).toHaveBeenLastCalledWith({ 20: 201, 30: 301, 10: 101 });
  });

  it('renders each parent as an opaque card', () => {
    render(<NormalHarness onChange={vi.fn()} />);
    expect(card('Body')).toHaveAttribute('data-variant', 'card');
  });

  it('reflects a given value', () => {
    render(
      <CategorySelector
        mode="normal"
        categories={categories}
        value={{ 30: 302 }}
        onSelectedCategoryIds={vi.fn()}
      />,
    );
    expect(chip('Sporty')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('Classic')).toHaveAttribute('aria-pressed', 'false');
  });

  it('is keyboard operable', async () => {
    const onChange = vi.fn();
    render(<NormalHarness onChange={onChange} />);
    chip('Slim').focus();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ 20: 202 });
  });
});

describe('CategorySelector filter mode', () => {
  it('selects several chips across and within parents as a flat id list', async () => {
    const onChange = vi.fn();
    render(<FilterHarness onChange={onChange} />);
    await userEvent.click(chip('Athletic'));
    await userEvent.click(chip('Slim'));
    await userEvent.click(chip('Classic'));
    expect(onChange).toHaveBeenLastCalledWith([201, 202, 301]);
    for (const name of ['Athletic', 'Slim', 'Classic']) {
      expect(chip(name)).toHaveAttribute('aria-pressed', 'true');
    }
  });

  it('unselects a chip on a second click', async () => {
    const onChange = vi.fn();
    render(<FilterHarness onChange={onChange} />);
    await userEvent.click(chip('Athletic'));
    await userEvent.click(chip('Slim'));
    await userEvent.click(chip('Athletic'));
    expect(onChange).toHaveBeenLastCalledWith([202]);
  });

  it('renders transparent cards', () => {
    render(<FilterHarness onChange={vi.fn()} />);
    expect(card('Body')).toHaveAttribute('data-variant', 'transparent');
    expect(card('Body').className).toContain('bg-transparent');
  });
});

describe('CategorySelector Hair Color chips', () => {
  it('shows a swatch in the colour code beside its title, which names the chip', () => {
    render(<FilterHarness onChange={vi.fn()} />);
    const black = chip('Black');
    const swatch = within(black).getByTestId('color-swatch');
    expect(swatch).toHaveStyle({ backgroundColor: '#000000' });
    // A visible label, not only an accessible name or a tooltip.
    expect(black).toHaveTextContent('Black');
    expect(black).not.toHaveAttribute('aria-label');
  });

  it('shows a red-to-yellow gradient for the colorful code', () => {
    render(<FilterHarness onChange={vi.fn()} />);
    const swatch = within(chip('Rainbow')).getByTestId('color-swatch');
    expect(swatch.style.backgroundImage).toBe('linear-gradient(to right, red, yellow)');
  });

  it('shows the title when there is no colour code', () => {
    render(<FilterHarness onChange={vi.fn()} />);
    const other = chip('Other');
    expect(other).toHaveTextContent('Other');
    expect(within(other).queryByTestId('color-swatch')).toBeNull();
  });

  it('shows no swatches outside Hair Color even with a colour code', () => {
    const withCode = categories.map((category) =>
      category.title === 'Body'
        ? { ...category, sub_categories: [{ id: 201, title: 'Athletic', color_code: '#ff0000' }] }
        : category,
    );
    render(
      <CategorySelector
        mode="filter"
        categories={withCode}
        value={[]}
        onSelectedCategoryIds={vi.fn()}
      />,
    );
    expect(within(chip('Athletic')).queryByTestId('color-swatch')).toBeNull();
    expect(chip('Athletic')).toHaveTextContent('Athletic');
  });

  it('swatch chips are still toggle buttons with a pressed state', async () => {
    const onChange = vi.fn();
    render(<NormalHarness onChange={onChange} />);
    await userEvent.click(chip('Rainbow'));
    expect(onChange).toHaveBeenLastCalledWith({ 10: 102 });
    expect(chip('Rainbow')).toHaveAttribute('aria-pressed', 'true');
  });
});
