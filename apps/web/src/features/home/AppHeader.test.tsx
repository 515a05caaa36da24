import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { AppHeader } from './AppHeader.tsx';
import { HOME_FILTERS_KEY, notifyHomeFiltersChanged } from '../filter/index.ts';

describe('AppHeader', () => {
  it('has the filter button, the Glimpse logo, a search link and a wallet link', async () => {
    const onFilterClick = vi.fn();
    renderScreen(<AppHeader onFilterClick={onFilterClick} />);
    expect(screen.getByRole('link', { name: 'Glimpse' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search');
    expect(screen.getByRole('link', { name: 'Wallet' })).toHaveAttribute('href', '/wallet');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(onFilterClick).toHaveBeenCalled();
  });

  it('marks the filter button active only when home_filters is saved', () => {
    renderScreen(<AppHeader onFilterClick={vi.fn()} />);
    const button = screen.getByRole('button', { name: 'Filters' });
    expect(button).toHaveAttribute('data-active', 'false');
    act(() => {
      window.localStorage.setItem(HOME_FILTERS_KEY, '{"sections":["discover"]}');
      notifyHomeFiltersChanged();
    });
    expect(button).toHaveAttribute('data-active', 'true');
    expect(button).toHaveAttribute('title', 'A saved filter is active');
  });
});
