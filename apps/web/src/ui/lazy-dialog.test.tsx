import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyDialog } from './lazy-dialog.tsx';

function Hello({ open, name }: { open: boolean; name: string }) {
  return open ? <div role="dialog" aria-label={`Hello ${name}`} /> : null;
}

describe('lazyDialog', () => {
  it('renders nothing while closed, fetches the code once idle, and shows the dialog when open', async () => {
    const importDialog = vi.fn(() => Promise.resolve(Hello));
    const LazyHello = lazyDialog(importDialog);
    const { rerender } = render(<LazyHello open={false} name="Ada" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Fetched ahead of the first opening, once.
    await waitFor(() => expect(importDialog).toHaveBeenCalledTimes(1));
    rerender(<LazyHello open name="Ada" />);
    expect(await screen.findByRole('dialog', { name: 'Hello Ada' })).toBeInTheDocument();
    rerender(<LazyHello open={false} name="Ada" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(importDialog).toHaveBeenCalledTimes(1);
  });

  it('loads on the first opening when that comes before the page is idle', async () => {
    const importDialog = vi.fn(() => Promise.resolve(Hello));
    const LazyHello = lazyDialog(importDialog);
    render(<LazyHello open name="Grace" />);
    expect(await screen.findByRole('dialog', { name: 'Hello Grace' })).toBeInTheDocument();
    expect(importDialog).toHaveBeenCalledTimes(1);
  });
});
