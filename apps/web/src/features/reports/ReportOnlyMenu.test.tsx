import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { ReportOnlyMenu } from './ReportOnlyMenu.tsx';

describe('ReportOnlyMenu', () => {
  it('opens the report dialog from the menu by keyboard, and the focus lands in it', async () => {
    const { calls } = mockFetch({
      'POST /api/reports': { status: 201, body: { success: true, report_id: 1 } },
    });
    renderScreen(<ReportOnlyMenu target={{ kind: 'stream', targetId: 31 }} />);
    const more = screen.getByRole('button', { name: 'More options' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: 'Report stream' });
    await userEvent.click(item);
    const dialog = await screen.findByRole('dialog', { name: 'Report this stream' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.click(screen.getByRole('radio', { name: 'Hate speech' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await screen.findByText('Thank you. Our moderators will look at it.');
    expect(calls.filter((call) => call.url === '/api/reports').map((call) => call.body)).toEqual([
      { target_type: 'stream', target_id: 31, reason: 'hate' },
    ]);
  });
});
