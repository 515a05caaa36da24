import { REPORT_REASONS } from '@glimpse/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { ReportDialog } from './ReportDialog.tsx';

function renderDialog(kind: 'story' | 'message' | 'user' | 'stream' = 'message', targetId = 77) {
  const onOpenChange = vi.fn();
  renderScreen(<ReportDialog open onOpenChange={onOpenChange} kind={kind} targetId={targetId} />);
  return { onOpenChange };
}

const reportCalls = (calls: { url: string; body: unknown }[]) =>
  calls.filter((call) => call.url === '/api/reports').map((call) => call.body);

describe('ReportDialog', () => {
  it('offers every reason of the contract as a radio, and sends the chosen one', async () => {
    const { calls } = mockFetch({
      'POST /api/reports': { status: 201, body: { success: true, report_id: 5 } },
    });
    const { onOpenChange } = renderDialog('message', 77);
    const dialog = await screen.findByRole('dialog', { name: 'Report this message' });
    const group = within(dialog).getByRole('group', { name: 'What is wrong?' });
    expect(within(group).getAllByRole('radio')).toHaveLength(REPORT_REASONS.length);

    // Sending with no reason asks for one and sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Choose a reason.')).toBeVisible();
    expect(reportCalls(calls)).toHaveLength(0);

    // Keyboard: the radio group is reached and chosen with the keyboard.
    within(group).getByRole('radio', { name: 'Spam' }).focus();
    await userEvent.keyboard(' ');
    expect(within(group).getByRole('radio', { name: 'Spam' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you. Our moderators will look at it.')).toBeVisible();
    expect(reportCalls(calls)).toEqual([{ target_type: 'message', target_id: 77, reason: 'spam' }]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('gives every reason a whole touch target, in a box that shows it scrolls', () => {
    renderDialog('user', 12);
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(REPORT_REASONS.length);
    for (const radio of radios) {
      // 44 px high at least (Tailwind's min-h-11), the label around the radio being the target.
      expect(radio.closest('label')).toHaveClass('min-h-11');
    }
    expect(radios[0]!.closest('label')!.parentElement).toHaveClass('overflow-y-auto', 'border');
  });

  it('needs words for "Something else", and sends them trimmed', async () => {
    const { calls } = mockFetch({
      'POST /api/reports': { status: 201, body: { success: true, report_id: 6 } },
    });
    renderDialog('user', 12);
    const dialog = await screen.findByRole('dialog', { name: 'Report this account' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    const details = within(dialog).getByLabelText('Tell us more');
    expect(details).toBeRequired();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(details).toHaveAccessibleDescription('Please describe what is wrong.');
    expect(reportCalls(calls)).toHaveLength(0);

    await userEvent.type(details, '  Sells fake tickets  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await screen.findByText('Thank you. Our moderators will look at it.');
    expect(reportCalls(calls)).toEqual([
      { target_type: 'user', target_id: 12, reason: 'other', text: 'Sells fake tickets' },
    ]);
  });

  it('says "we are on it" when the reporter already has an open report of the item', async () => {
    mockFetch({
      'POST /api/reports': { status: 409, body: { err_key: 'report_already_open' } },
    });
    const { onOpenChange } = renderDialog('stream', 3);
    const dialog = await screen.findByRole('dialog', { name: 'Report this stream' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Violence or threats' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "You already reported this; we're on it.",
    );
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
