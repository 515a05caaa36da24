import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './Avatar.tsx';

const srcset = '/media/k?s=1&w=128 128w, /media/k?s=1&w=256 256w, /media/k?s=1 512w';

describe('Avatar', () => {
  it('offers the smaller copies at the size the box is drawn, with its width and height', () => {
    render(<Avatar src="/media/k?s=1" srcSet={srcset} name="Ada" size="md" />);
    const img = screen.getByRole('img', { name: 'Ada' });
    expect(img).toHaveAttribute('srcset', srcset);
    expect(img).toHaveAttribute('sizes', '64px');
    expect(img).toHaveAttribute('width', '64');
    expect(img).toHaveAttribute('height', '64');
    expect(img).not.toHaveAttribute('loading');
  });

  it.each([
    ['sm', '40px'],
    ['lg', '96px'],
  ] as const)('sizes a %s avatar as %s', (size, sizes) => {
    render(<Avatar src="/media/k" srcSet={srcset} name="Ada" size={size} />);
    expect(screen.getByRole('img')).toHaveAttribute('sizes', sizes);
  });

  it('takes the layout’s own sizes when it draws the box larger, and loads lazily when told', () => {
    const sizes = '(min-width: 1024px) 96px, 64px';
    render(<Avatar src="/media/k" srcSet={srcset} sizes={sizes} lazy name="Ada" />);
    const img = screen.getByRole('img');
    expect(img).toHaveAttribute('sizes', sizes);
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('has no srcset or sizes without copies (an older server), and an initial without a photo', () => {
    const { rerender } = render(<Avatar src="/media/k" name="Ada" />);
    expect(screen.getByRole('img')).not.toHaveAttribute('srcset');
    expect(screen.getByRole('img')).not.toHaveAttribute('sizes');
    rerender(<Avatar src={null} srcSet={null} name="ada" />);
    expect(screen.getByRole('img', { name: 'ada' })).toHaveTextContent('A');
  });
});
