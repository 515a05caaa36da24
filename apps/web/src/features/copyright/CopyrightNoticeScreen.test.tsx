import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, type RecordedCall } from '../../test/fetch-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { CopyrightNoticeScreen } from './CopyrightNoticeScreen.tsx';

const noticeCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url === '/api/copyright/notices');

async function fillIn() {
  await userEvent.type(screen.getByLabelText('Your full name'), 'Rita Rights');
  await userEvent.type(screen.getByLabelText('Your email address'), 'rita@studio.example');
  await userEvent.type(screen.getByLabelText('The copyrighted work'), 'Harbour at dawn (2024)');
  await userEvent.type(
    screen.getByLabelText('Link to the story on Glimpse'),
    'https://glimpse.example/stories/42',
  );
  await userEvent.type(screen.getByLabelText('Signature (type your full name)'), 'Rita Rights');
}

describe('CopyrightNoticeScreen', () => {
  it('sends a complete notice with both statements confirmed, then says the story is down', async () => {
    const { calls } = mockFetch({
      'POST /api/copyright/notices': { status: 201, body: { success: true, notice_id: 7 } },
    });
    renderScreen(<CopyrightNoticeScreen />, { path: '/copyright' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Report a copyright infringement' }),
    ).toBeVisible();
    await fillIn();
    await userEvent.click(screen.getByRole('checkbox', { name: /believe in good faith/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /information in this notice/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Send notice' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Notice received: the story is down',
    );
    expect(screen.getByRole('status')).toHaveTextContent('rita@studio.example');
    expect(noticeCalls(calls).map((call) => call.body)).toEqual([
      {
        claimant_name: 'Rita Rights',
        claimant_email: 'rita@studio.example',
        work: 'Harbour at dawn (2024)',
        content_url: 'https://glimpse.example/stories/42',
        signature: 'Rita Rights',
        good_faith: true,
        accurate: true,
      },
    ]);
  });

  it('asks for the statements before sending anything', async () => {
    const { calls } = mockFetch({});
    renderScreen(<CopyrightNoticeScreen />, { path: '/copyright' });
    await screen.findByRole('button', { name: 'Send notice' });
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Send notice' }));
    expect(
      screen.getByRole('checkbox', { name: /believe in good faith/ }),
    ).toHaveAccessibleDescription('Confirm every statement to send this notice.');
    expect(screen.getByRole('checkbox', { name: /information in this notice/ })).toBeInvalid();
    expect(noticeCalls(calls)).toHaveLength(0);
  });

  it("shows the server's refusal of a link that is not a story of this site on the link field", async () => {
    mockFetch({
      'POST /api/copyright/notices': {
        status: 400,
        body: {
          err_key: 'copyright_url_invalid',
          errors: { content_url: ['copyright_url_invalid'] },
        },
      },
    });
    renderScreen(<CopyrightNoticeScreen />, { path: '/copyright' });
    await screen.findByRole('button', { name: 'Send notice' });
    await fillIn();
    await userEvent.click(screen.getByRole('checkbox', { name: /believe in good faith/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /information in this notice/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Send notice' }));
    const link = screen.getByLabelText('Link to the story on Glimpse');
    await expect.poll(() => link.getAttribute('aria-invalid')).toBe('true');
    expect(link).toHaveAccessibleDescription(/Paste the link of a story on this site/);
    // What was typed stays.
    expect(screen.getByLabelText('Your full name')).toHaveValue('Rita Rights');
  });
});
