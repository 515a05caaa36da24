import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyDialog } from './lazy-dialog.tsx';

function Hello({ open, name }: { open: boolean; name: string }) {
  return open ? <div role="dialog" aria-label={`Hello ${name}`} /> : null;
}

describe('lazyDialog', () => {
  it('fetches nothing while closed, loads on the first opening, and once', async () => {
    const importDialog = vi.fn(() => Promise.resolve(Hello));
    const LazyHello = lazyDialog(importDialog);
    const { rerender } = render(<LazyHello open={false} name="Ada" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(importDialog).not.toHaveBeenCalled();

    rerender(<LazyHello open name="Ada" />);
    expect(await screen.findByRole('dialog', { name: 'Hello Ada' })).toBeInTheDocument();
    rerender(<LazyHello open={false} name="Ada" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Opened again: the code that arrived shows at once, without a second fetch.
    rerender(<LazyHello open name="Grace" />);
    expect(screen.getByRole('dialog', { name: 'Hello Grace' })).toBeInTheDocument();
    expect(importDialog).toHaveBeenCalledTimes(1);
  });
});
