import type { ChosenCategory } from '@glimpse/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChosenCategories } from './ChosenCategories.tsx';

const everyone = { for_male: 1, for_female: 1, for_transgender: 1 } as const;
const hair: ChosenCategory = {
  id: 108,
  title: 'Brown',
  color_code: '#6b4423',
  category_id: 1,
  category_title: 'Hair Color',
  ...everyone,
};
const beard: ChosenCategory = {
  id: 602,
  title: 'Stubble',
  color_code: null,
  category_id: 6,
  category_title: 'Beard',
  for_male: 1,
  for_female: 0,
  for_transgender: 0,
};
const bust: ChosenCategory = {
  id: 502,
  title: 'Medium',
  color_code: null,
  category_id: 5,
  category_title: 'Bust',
  for_male: 0,
  for_female: 1,
  for_transgender: 1,
};

describe('ChosenCategories', () => {
  it("shows a woman's categories that apply to her and hides Beard", () => {
    render(<ChosenCategories categories={[hair, beard, bust]} sex="female" label="Categories" />);
    const section = screen.getByRole('region', { name: 'Categories' });
    expect(section).toHaveTextContent('Hair Color:Brown');
    expect(section).toHaveTextContent('Bust:Medium');
    expect(section).not.toHaveTextContent('Beard');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it("shows a man's Beard and hides Bust", () => {
    render(<ChosenCategories categories={[hair, beard, bust]} sex="male" label="Categories" />);
    const section = screen.getByRole('region', { name: 'Categories' });
    expect(section).toHaveTextContent('Beard:Stubble');
    expect(section).not.toHaveTextContent('Bust');
  });

  it('shows no section when none of the choices applies', () => {
    render(<ChosenCategories categories={[beard]} sex="transgender" label="Categories" />);
    expect(screen.queryByRole('region', { name: 'Categories' })).toBeNull();
  });
});
