import { render, screen } from '@testing-library/react';
import { STORY_VIDEO_MAX_SECONDS } from '@glimpse/contract';
import { describe, expect, it } from 'vitest';
import '../../i18n/index.ts';
import { makeOwnStory } from './test/own-story-fixtures.ts';
import { StoryMedia } from './StoryMedia.tsx';

function renderFailed(processingError: string) {
  render(<StoryMedia story={makeOwnStory({ processing_error: processingError })} variant="full" />);
}

describe('a failed story shows why, in words', () => {
  it('translates the reason key, with the limit it names', () => {
    renderFailed('processing_video_too_long');
    expect(
      screen.getByText(
        `The video is too long: stories may be at most ${STORY_VIDEO_MAX_SECONDS} seconds.`,
      ),
    ).toBeInTheDocument();
  });

  it('shows the generic sentence, never raw text, for a reason it does not know', () => {
    renderFailed('not a readable video (/tmp/glimpse-story-x/source: Invalid data)');
    expect(
      screen.getByText('This story could not be processed. Please post it again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/\/tmp\//)).toBeNull();
  });
});
