import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { PageHeader } from './PageHeader.tsx';

// A name at the 50-character limit, with a long unbroken part.
const LONG_NAME = 'Oluwadamilareoluwa Babatundeolumide Adeyemi-Okoro';

describe('PageHeader', () => {
  it('keeps a long title readable: the whole text as its name and title, wrapped before it is cut', () => {
    renderScreen(<PageHeader title={LONG_NAME} />);
    const heading = screen.getByRole('heading', { level: 1, name: LONG_NAME });
    expect(heading).toHaveAttribute('title', LONG_NAME);
    // Two lines on a phone, then cut; an unbroken name may break anywhere instead of overflowing.
    expect(heading).toHaveClass('line-clamp-2', 'wrap-anywhere', 'min-w-0');
    expect(heading).not.toHaveClass('truncate');
  });

  it('keeps the way back beside the title', () => {
    renderScreen(<PageHeader title="Settings" />);
    expect(screen.getByRole('button', { name: 'Back' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toHaveAttribute(
      'title',
      'Settings',
    );
  });
});
