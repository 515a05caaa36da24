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
});
