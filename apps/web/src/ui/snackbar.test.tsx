import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from './snackbar.ts';
import { Toaster } from './Toaster.tsx';

describe('snackbars', () => {
  it('shows a snackbar raised before the (lazily loaded) Toaster mounted', async () => {
    notify.error('raised before any Toaster listened');
    render(<Toaster />);
    expect(await screen.findByText('raised before any Toaster listened')).toBeTruthy();
    notify.success('raised after');
    expect(await screen.findByText('raised after')).toBeTruthy();
  });

  it('shows snackbars at the bottom, above the navigation and a composer, never over a header', async () => {
    render(<Toaster />);
    notify.success('placed');
    await screen.findByText('placed');
    const toaster = document.querySelector<HTMLElement>('[data-sonner-toaster]')!;
    expect(toaster.dataset.yPosition).toBe('bottom');
    expect(toaster.dataset.xPosition).toBe('center');
    expect(toaster.style.getPropertyValue('--mobile-offset-bottom')).toBe(
      'calc(5rem + env(safe-area-inset-bottom))',
    );
    expect(toaster.style.getPropertyValue('--offset-bottom')).toBe('5.5rem');
  });
});
