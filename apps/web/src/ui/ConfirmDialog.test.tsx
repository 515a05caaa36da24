import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog.tsx';

function Harness(props: { onConfirm: () => void; onCancel?: () => void; hint?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete story
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        message="Delete this story?"
        onConfirm={props.onConfirm}
        onCancel={props.onCancel}
        hint={props.hint}
      />
    </>
  );
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Delete story' }));
  return screen.findByRole('alertdialog', { name: 'Are you sure?' });
}

describe('ConfirmDialog', () => {
  it('shows the message with Yes and No buttons from dialogs.yes / dialogs.no', async () => {
    render(<Harness onConfirm={vi.fn()} />);
    const dialog = await openDialog();
    expect(dialog).toHaveAccessibleDescription('Delete this story?');
    expect(screen.getByRole('button', { name: 'Yes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'No' })).toBeInTheDocument();
  });

  it('Yes confirms and closes', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<Harness onConfirm={onConfirm} onCancel={onCancel} />);
    await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('No cancels and closes without confirming', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<Harness onConfirm={onConfirm} onCancel={onCancel} />);
    await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('Escape counts as No', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<Harness onConfirm={onConfirm} onCancel={onCancel} />);
    await openDialog();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows an optional hint and returns focus to the opener', async () => {
    render(<Harness onConfirm={vi.fn()} hint="Buyers keep access." />);
    await openDialog();
    expect(screen.getByText('Buyers keep access.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete story' })).toHaveFocus());
  });
});
