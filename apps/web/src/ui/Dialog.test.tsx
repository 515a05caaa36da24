import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog.tsx';
import { InfoDialog } from './InfoDialog.tsx';

/** A dialog with a button that opens an information dialog over it, as the filter does. */
function StackedDialogs() {
  const [outerOpen, setOuterOpen] = useState(false);
  const [innerOpen, setInnerOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOuterOpen(true)}>
        Open filters
      </button>
      <Dialog open={outerOpen} onOpenChange={setOuterOpen} title="Filters" showClose>
        <button type="button" onClick={() => setInnerOpen(true)}>
          Save
        </button>
        <InfoDialog open={innerOpen} onOpenChange={setInnerOpen} content="Pick a section." />
      </Dialog>
    </>
  );
}

const zLayer = (element: Element) =>
  [...element.classList].find((name) => /^z-/.test(name)) ?? 'none';

describe('Dialog stacking', () => {
  it('gives a dialog opened over another its own overlay, painted over the lower dialog', async () => {
    render(<StackedDialogs />);
    await userEvent.click(screen.getByRole('button', { name: 'Open filters' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    // The lower dialog is hidden from assistive tech while the top one is open.
    const [filters, info] = screen.getAllByRole('dialog', { hidden: true }) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(filters).toHaveAttribute('aria-hidden', 'true');
    expect(info).toHaveAccessibleName('Information');
    const overlays = document.querySelectorAll('[data-modal-overlay]');
    expect(overlays).toHaveLength(2);
    const infoOverlay = overlays[1]!;
    // Same layer, later in the document: the info overlay covers the filter panel.
    expect(zLayer(infoOverlay)).toBe(zLayer(filters));
    expect(
      filters.compareDocumentPosition(infoOverlay) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(
      infoOverlay.compareDocumentPosition(info) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('sends focus and Escape to the top dialog only', async () => {
    render(<StackedDialogs />);
    await userEvent.click(screen.getByRole('button', { name: 'Open filters' }));
    const save = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(save);

    const info = screen.getByRole('dialog', { name: 'Information' });
    expect(info).toContainElement(document.activeElement as HTMLElement);
    await userEvent.tab();
    expect(info).toContainElement(document.activeElement as HTMLElement);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Information' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Filters' })).toBeInTheDocument();
    expect(save).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open filters' })).toHaveFocus();
  });
});

describe('Dialog focus ring', () => {
  /** The focusVisible flags of the focus moves made with options (user-event's own have none). */
  function focusCalls(spy: { mock: { calls: Array<[FocusOptions?]> } }) {
    return spy.mock.calls
      .map(([options]) => options)
      .filter((options) => options !== undefined)
      .map((options) => options.focusVisible);
  }

  it('moves focus without the ring when opened and closed with the mouse', async () => {
    render(<StackedDialogs />);
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    await userEvent.click(screen.getByRole('button', { name: 'Open filters' }));
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Open filters' })).toHaveFocus();
    expect(focusCalls(focus)).toEqual([false, false]);
  });

  it('keeps the ring for keyboard users', async () => {
    render(<StackedDialogs />);
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Filters' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open filters' })).toHaveFocus();
    expect(focusCalls(focus)).toEqual([true, true]);
  });
});
