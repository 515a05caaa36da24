import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { countries } from '../../test/fixtures.ts';
import { renderScreen, testQueryClient } from '../../test/render.tsx';
import { BlockedCountriesPicker } from './BlockedCountriesPicker.tsx';

let latest: string[] = [];
function Harness({ initial }: { initial: string[] }) {
  const [value, setValue] = useState(initial);
  const change = (codes: string[]) => {
    latest = codes;
    setValue(codes);
  };
  return <BlockedCountriesPicker value={value} onChange={change} />;
}

function renderPicker(initial: string[] = []) {
  mockFetch({ 'GET /api/countries': { body: countries } });
  renderScreen(<Harness initial={initial} />, {
    path: '/me/edit',
    pattern: '/me/edit',
    queryClient: testQueryClient(),
  });
}

describe('BlockedCountriesPicker (geo-blocking)', () => {
  it('searches the countries, checks one into a chip and removes it again', async () => {
    renderPicker();
    expect(await screen.findByRole('checkbox', { name: 'France' })).not.toBeChecked();
    // "All" is a filter entry, not a country.
    expect(screen.queryByRole('checkbox', { name: 'All' })).toBeNull();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search countries' }), 'king');
    expect(screen.queryByRole('checkbox', { name: 'France' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'United Kingdom' }));
    expect(latest).toEqual(['gb']);
    const chips = screen.getByRole('list', { name: 'Countries you block' });
    expect(chips).toHaveTextContent('United Kingdom');
    await userEvent.click(screen.getByRole('button', { name: 'Unblock United Kingdom' }));
    expect(latest).toEqual([]);
    expect(screen.queryByRole('list', { name: 'Countries you block' })).toBeNull();
  });

  it('starts from the saved list', async () => {
    renderPicker(['fr']);
    expect(await screen.findByRole('checkbox', { name: 'France' })).toBeChecked();
  });
});
