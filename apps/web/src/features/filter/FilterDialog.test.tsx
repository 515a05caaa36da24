import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { categories, countries } from '../../test/fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import { HOME_FILTERS_KEY } from './home-filters-storage.ts';
import { tagsForUrl } from '../home/test/home-test-data.ts';
import { HomeScreen } from '../home/HomeScreen.tsx';

function renderHome() {
  const fetch = mockFetch({
    'GET /api/home/stories/subscribed': { body: [] },
    'GET /api/home/stories/following': { body: [] },
    'GET /api/home/stories/discover': { body: [] },
    'GET /api/tags': (call) => ({ body: tagsForUrl(call.url) }),
    'GET /api/countries': { body: countries },
    'GET /api/user-categories': { body: categories },
  });
  return { ...fetch, ...renderScreen(<HomeScreen />) };
}

async function openFilter() {
  await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
  return screen.findByRole('dialog', { name: 'Filters' });
}

async function openPanel(dialog: HTMLElement, title: RegExp) {
  await userEvent.click(within(dialog).getByRole('button', { name: title }));
}

const saved = () => window.localStorage.getItem(HOME_FILTERS_KEY);

describe('FilterDialog countries', () => {
  it('applies the three All rules and sends no country for All', async () => {
    const { calls } = renderHome();
    const dialog = await openFilter();
    await openPanel(dialog, /^Countries/);
    const box = async (name: string) => within(dialog).findByRole('checkbox', { name });

    await userEvent.click(await box('All'));
    expect(await box('France')).toBeChecked();
    expect(await box('United Kingdom')).toBeChecked();

    // Deselecting one while All is set removes All and keeps the rest.
    await userEvent.click(await box('France'));
    expect(await box('All')).not.toBeChecked();
    expect(await box('France')).not.toBeChecked();
    expect(await box('United Kingdom')).toBeChecked();

    // Selecting every other country collapses to All.
    await userEvent.click(await box('France'));
    expect(await box('All')).toBeChecked();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(JSON.parse(saved() ?? '{}').countries).toEqual([0]);
    // All means no country filter: the same query as before, so no home request names countries.
    const homeCalls = calls.filter((call) => call.url.startsWith('/api/home/'));
    expect(homeCalls.length).toBeGreaterThan(0);
    expect(homeCalls.every((call) => !call.url.includes('countries'))).toBe(true);
  });

  it('All clears every country when chosen again; a single country is sent', async () => {
    const { calls } = renderHome();
    const dialog = await openFilter();
    await openPanel(dialog, /^Countries/);
    const all = await within(dialog).findByRole('checkbox', { name: 'All' });
    await userEvent.click(all);
    await userEvent.click(all);
    expect(within(dialog).getByRole('checkbox', { name: 'France' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'United Kingdom' })).not.toBeChecked();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'United Kingdom' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.includes('/discover?') && c.url.includes('countries%5B%5D=2')),
      ).toBe(true),
    );
  });
});

describe('FilterDialog tags and categories by sex', () => {
  it('asks for every tag with no sex chosen, then for the chosen sexes', async () => {
    const { calls } = renderHome();
    const dialog = await openFilter();
    await openPanel(dialog, /^Tags/);
    expect(await within(dialog).findByRole('button', { name: 'beard' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'makeup' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/tags')).map((c) => c.url)).toEqual([
      '/api/tags',
    ]);

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Female' }));
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'beard' })).not.toBeInTheDocument(),
    );
    expect(within(dialog).getByRole('button', { name: 'makeup' })).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/tags?genders%5B%5D=female');
  });

  it('shows the categories of the one chosen sex, or all with none or several', async () => {
    renderHome();
    const dialog = await openFilter();
    await openPanel(dialog, /^Categories/);
    expect(await within(dialog).findByRole('region', { name: 'Style' })).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Body' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Male' }));
    expect(within(dialog).queryByRole('region', { name: 'Style' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Body' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Female' }));
    expect(within(dialog).getByRole('region', { name: 'Style' })).toBeInTheDocument();
  });

  it('scrolls as one: no panel is a scroll box inside the scrolling dialog', async () => {
    renderHome();
    const dialog = await openFilter();
    await openPanel(dialog, /^Tags/);
    await openPanel(dialog, /^Categories/);
    const bodies = within(dialog).getAllByTestId('filter-panel-body');
    for (const body of bodies) {
      expect(body.style.maxHeight).toBe('');
      expect(body.className).not.toMatch(/overflow-(y-)?(auto|scroll)/);
    }
    // The dialog itself is the scroll container, and an open panel's title stays in view.
    expect(dialog.className).toMatch(/overflow-y-auto/);
    const title = within(dialog).getByRole('button', { name: /^Tags/ }).parentElement!;
    expect(title.className).toMatch(/sticky/);
  });
});

describe('FilterDialog saving', () => {
  it('refuses to save without a section: information dialog, storage unchanged', async () => {
    const before = JSON.stringify({ sections: ['discover'] });
    window.localStorage.setItem(HOME_FILTERS_KEY, before);
    renderHome();
    const dialog = await openFilter();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Discover' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const info = await screen.findByRole('dialog', { name: 'Information' });
    expect(info).toHaveTextContent('Select at least one section to show.');
    expect(saved()).toBe(before);
    await userEvent.click(within(info).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('dialog', { name: 'Filters' })).toBeInTheDocument();
  });

  it('saves under home_filters, marks the button, hides an unchecked section', async () => {
    const { calls } = renderHome();
    const button = screen.getByRole('button', { name: 'Filters' });
    expect(button).toHaveAttribute('data-active', 'false');
    expect(await screen.findByRole('region', { name: 'Following' })).toBeInTheDocument();

    const dialog = await openFilter();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Following' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Transgender' }));
    within(dialog).getByRole('slider', { name: 'Minimum age' }).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(dialog).getByRole('slider', { name: 'Maximum age' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(JSON.parse(saved() ?? 'null')).toEqual({
      sections: ['subscribed', 'discover'],
      range: [20, 100],
      activeGenders: ['transgender'],
      tags: [],
      categories: [],
      countries: [],
      panels: { tags: false, categories: false, countries: false },
    });
    expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
    expect(button).toHaveAttribute('data-active', 'true');
    expect(screen.queryByRole('region', { name: 'Following' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.url.startsWith('/api/home/stories/discover?age_min=20&age_max=100') &&
            c.url.includes('genders%5B%5D=transgender'),
        ),
      ).toBe(true),
    );

    // Reopening starts from what was saved.
    const again = await openFilter();
    expect(within(again).getByRole('checkbox', { name: 'Following' })).not.toBeChecked();
    expect(within(again).getByRole('slider', { name: 'Minimum age' })).toHaveAttribute(
      'aria-valuenow',
      '20',
    );
  });

  it('remembers which panels were open', async () => {
    renderHome();
    const dialog = await openFilter();
    await openPanel(dialog, /^Countries/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(JSON.parse(saved() ?? '{}').panels).toEqual({
      tags: false,
      categories: false,
      countries: true,
    });
    const again = await openFilter();
    expect(within(again).getByRole('button', { name: /^Countries/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('Reset clears the saved filter and the button is no longer active', async () => {
    window.localStorage.setItem(
      HOME_FILTERS_KEY,
      JSON.stringify({ sections: ['discover'], range: [30, 40] }),
    );
    renderHome();
    const button = screen.getByRole('button', { name: 'Filters' });
    expect(button).toHaveAttribute('data-active', 'true');
    expect(screen.queryByRole('region', { name: 'Subscribed' })).not.toBeInTheDocument();

    const dialog = await openFilter();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(saved()).toBeNull();
    expect(button).toHaveAttribute('data-active', 'false');
    expect(await screen.findByRole('region', { name: 'Subscribed' })).toBeInTheDocument();

    const again = await openFilter();
    expect(within(again).getByRole('checkbox', { name: 'Subscribed' })).toBeChecked();
    expect(within(again).getByRole('slider', { name: 'Minimum age' })).toHaveAttribute(
      'aria-valuenow',
      '18',
    );
  });
});
