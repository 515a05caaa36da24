import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent, lazyModule, prefetchOnApproach } from './lazy-module.ts';

describe('lazyModule', () => {
  it('imports once, remembers the module, and imports again after a failure', async () => {
    const importModule = vi
      .fn<() => Promise<{ answer: number }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ answer: 42 });
    const module = lazyModule(importModule);
    expect(module.current).toBeUndefined();

    await expect(module.load()).rejects.toThrow('offline');
    expect(module.current).toBeUndefined();

    const [first, second] = await Promise.all([module.load(), module.load()]);
    expect(first).toEqual({ answer: 42 });
    expect(second).toBe(first);
    expect(module.current).toBe(first);
    expect(importModule).toHaveBeenCalledTimes(2);
  });
});

describe('lazyComponent', () => {
  const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

  it('prefetches without a failure escaping, and the next load tries again', async () => {
    const importModule = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue('module');
    const module = lazyModule(importModule);
    module.prefetch();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(module.current).toBeUndefined();
    await expect(module.load()).resolves.toBe('module');
    expect(importModule).toHaveBeenCalledTimes(2);
  });

  it('starts a prefetch on a pointer over, a touch or the focus', () => {
    const prefetch = vi.fn();
    const handlers = prefetchOnApproach(prefetch);
    handlers.onPointerEnter();
    handlers.onPointerDown();
    handlers.onFocus();
    expect(prefetch).toHaveBeenCalledTimes(3);
  });

  it('renders at once, without its fallback, when the module has arrived', async () => {
    const module = lazyModule(() => Promise.resolve({ Greeting }));
    await module.load();
    const LazyGreeting = lazyComponent(module, (m) => m.Greeting);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyGreeting name="Ada" />
      </Suspense>,
    );
    // No await: the first render already shows the component.
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('suspends while the module is on its way', async () => {
    let arrive: (value: { Greeting: typeof Greeting }) => void = () => undefined;
    const module = lazyModule(
      () => new Promise<{ Greeting: typeof Greeting }>((r) => (arrive = r)),
    );
    const LazyGreeting = lazyComponent(module, (m) => m.Greeting);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyGreeting name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => arrive({ Greeting }));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });
});
