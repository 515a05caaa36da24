import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage } from './ResponsiveImage.tsx';

describe('ResponsiveImage', () => {
  it('offers the copies for the drawn width, reserves its box and can wait to load', () => {
    const srcset = '/s?w=240 240w, /s?w=480 480w, /s 1080w';
    render(
      <ResponsiveImage
        src="/s"
        srcSet={srcset}
        sizes="34vw"
        width={270}
        height={480}
        lazy
        alt="Story 1"
        className="tile"
      />,
    );
    const img = screen.getByRole('img', { name: 'Story 1' });
    expect(img).toHaveAttribute('srcset', srcset);
    expect(img).toHaveAttribute('sizes', '34vw');
    expect(img).toHaveAttribute('width', '270');
    expect(img).toHaveAttribute('height', '480');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).toHaveClass('tile');
  });

  it('is a plain image without copies', () => {
    render(<ResponsiveImage src="/s" sizes="34vw" width={9} height={16} alt="" />);
    const img = screen.getByRole('presentation');
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
    expect(img).not.toHaveAttribute('loading');
  });
});
