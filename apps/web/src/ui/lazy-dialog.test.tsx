import { render, screen } from '@testing-library/react';
import { Component, type ComponentType, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyDialog, lazyPart } from './lazy-dialog.tsx';

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

  it('loads its code ahead when asked, once, and then opens at once', async () => {
    const importDialog = vi.fn(() => Promise.resolve(Hello));
    const LazyHello = lazyDialog(importDialog);
    LazyHello.prefetch();
    LazyHello.prefetch();
    expect(importDialog).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    const { rerender } = render(<LazyHello open={false} name="Ada" />);
    rerender(<LazyHello open name="Ada" />);
    // No wait: the first render of the opening has the dialog.
    expect(screen.getByRole('dialog', { name: 'Hello Ada' })).toBeInTheDocument();
    expect(importDialog).toHaveBeenCalledTimes(1);
  });

  it('leaves a prefetch that failed for the opening to try again', async () => {
    const importDialog = vi
      .fn<() => Promise<typeof Hello>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Hello);
    const LazyHello = lazyDialog(importDialog);
    LazyHello.prefetch();
    await new Promise((resolve) => setTimeout(resolve, 0));
    render(<LazyHello open name="Ada" />);
    expect(await screen.findByRole('dialog', { name: 'Hello Ada' })).toBeInTheDocument();
    expect(importDialog).toHaveBeenCalledTimes(2);
  });

  it('shows the dialog the moment its code arrives (no Suspense reveal delay)', async () => {
    let arrive = (_dialog: ComponentType<{ open: boolean; name: string }>) => undefined as void;
    const LazyHello = lazyDialog(
      () => new Promise<ComponentType<{ open: boolean; name: string }>>((r) => (arrive = r)),
    );
    // Outside act(), as in a browser: act() turns off React's reveal throttle.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      render(<LazyHello open name="Ada" />);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      arrive(Hello);
      // Well within the 300 ms React holds back a suspended tree after its fallback showed.
      expect(
        await screen.findByRole('dialog', { name: 'Hello Ada' }, { timeout: 200 }),
      ).toBeInTheDocument();
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    }
  });

  it('hands a chunk that cannot load to the error boundary', async () => {
    const failed = new Error('Failed to fetch dynamically imported module');
    const LazyHello = lazyDialog<{ open: boolean; name: string }>(() => Promise.reject(failed));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Boundary>
        <LazyHello open name="Ada" />
      </Boundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(failed.message);
  });
});

describe('lazyPart', () => {
  it('shows its placeholder until the code arrives, then the part', async () => {
    let arrive = (_part: ComponentType<{ name: string }>) => undefined as void;
    const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;
    const LazyGreeting = lazyPart(
      () => new Promise<ComponentType<{ name: string }>>((resolve) => (arrive = resolve)),
      <p role="status">Loading the greeting</p>,
    );
    render(<LazyGreeting name="Ada" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the greeting');
    arrive(Greeting);
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows nothing while loading when it has no placeholder', () => {
    const LazyGreeting = lazyPart(() => new Promise<ComponentType<object>>(() => undefined));
    const { container } = render(<LazyGreeting />);
    expect(container).toBeEmptyDOMElement();
  });
});

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}
