import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { makeOwnStory } from './test/own-story-fixtures.ts';
import { StoryMedia } from './StoryMedia.tsx';

describe('a story held for review (issue 29)', () => {
  it('shows its owner the picture with an "In review" badge', () => {
    render(
      <StoryMedia
        story={makeOwnStory({ status: 'in_review', text: 'Sunset' })}
        variant="thumbnail"
      />,
    );
    expect(screen.getByText('In review')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sunset' })).toBeInTheDocument();
  });

  it('has the German words too', async () => {
    await i18n.changeLanguage('de');
    render(<StoryMedia story={makeOwnStory({ status: 'in_review' })} variant="full" />);
    expect(screen.getByText('In Prüfung')).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });

  it('shows no badge on a published story', () => {
    render(<StoryMedia story={makeOwnStory({ status: 'ready' })} variant="thumbnail" />);
    expect(screen.queryByText('In review')).toBeNull();
  });
});
