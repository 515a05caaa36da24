import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InfoDialog } from './InfoDialog.tsx';

describe('InfoDialog', () => {
  it('shows a single text with an OK button that closes it', async () => {
    const onOpenChange = vi.fn();
    render(<InfoDialog open onOpenChange={onOpenChange} content="Select at least one section." />);
    const dialog = screen.getByRole('dialog', { name: 'Information' });
    expect(within(dialog).getByText('Select at least one section.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('shows a list of texts as list items', () => {
    render(
      <InfoDialog
        open
        onOpenChange={vi.fn()}
        title="Heads up"
        content={['First', 'Second', 'First']}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Heads up' });
    const items = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['First', 'Second', 'First']);
  });

  it('never renders HTML in the texts', () => {
    render(
      <InfoDialog
        open
        onOpenChange={vi.fn()}
        content={['<b>bold</b>', '<img src=x onerror=alert(1)>']}
      />,
    );
    expect(screen.getByText('<b>bold</b>')).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
  });

  it('can leave out the OK button and still be closed by the close button or Escape', async () => {
    const onOpenChange = vi.fn();
    render(<InfoDialog open onOpenChange={onOpenChange} content="Saved." showOk={false} />);
    expect(screen.queryByRole('button', { name: 'OK' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    onOpenChange.mockClear();
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('renders nothing when closed', () => {
    render(<InfoDialog open={false} onOpenChange={vi.fn()} content="Hidden" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
