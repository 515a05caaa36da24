import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Flag, Repeat } from 'lucide-react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OverflowMenu, type MenuEntry } from './OverflowMenu.tsx';

function Harness({ onOpenChange, onReport }: { onOpenChange: () => void; onReport: () => void }) {
  const [repeat, setRepeat] = useState(false);
  const entries: MenuEntry[] = [
    {
      kind: 'toggle',
      label: 'Repeat',
      icon: <Repeat aria-hidden="true" />,
      checked: repeat,
      onCheckedChange: setRepeat,
    },
    { kind: 'action', label: 'Report', icon: <Flag aria-hidden="true" />, onSelect: onReport },
  ];
  return <OverflowMenu label="More" entries={entries} onOpenChange={onOpenChange} />;
}

describe('OverflowMenu', () => {
  it('is a menu button before its code loads, and opens on the first press', async () => {
    const onOpenChange = vi.fn();
    const onReport = vi.fn();
    render(<Harness onOpenChange={onOpenChange} onReport={onReport} />);
    const button = screen.getByRole('button', { name: 'More' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();

    await userEvent.click(button);
    const menu = await screen.findByRole('menu');
    expect(onOpenChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('menuitemcheckbox', { name: 'Repeat' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await userEvent.click(screen.getByRole('menuitem', { name: 'Report' }));
    expect(onReport).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(menu).not.toBeInTheDocument());
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('keeps working as the real menu afterwards: keyboard, toggles and focus return', async () => {
    render(<Harness onOpenChange={() => undefined} onReport={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Repeat' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    const trigger = screen.getByRole('button', { name: 'More' });
    await waitFor(() => expect(trigger).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitemcheckbox', { name: 'Repeat' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByRole('button', { name: 'More' })).toHaveFocus();
  });

  it('does not pull the focus back to itself after an entry that opens a dialog', async () => {
    const entries: MenuEntry[] = [
      { kind: 'action', label: 'Report', icon: null, onSelect: () => undefined, opensDialog: true },
    ];
    render(<OverflowMenu label="More" entries={entries} />);
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Report' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // The dialog it opened takes the focus from here (ReportStoryDialog, BlockConfirmDialog).
    expect(screen.getByRole('button', { name: 'More' })).not.toHaveFocus();
  });
});
