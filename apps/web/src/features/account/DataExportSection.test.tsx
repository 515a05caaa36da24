import type { DataExport } from '@glimpse/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import type { MockResponse } from '../../test/fetch-mock.ts';
import { DataExportSection, formatSize } from './DataExportSection.tsx';
import { renderSignedIn } from './test-utils.tsx';

const listUrl = 'GET /api/users/me/exports';
const requestUrl = 'POST /api/users/me/exports';
const ID = '00000000-0000-4000-8000-00000000e001';

function makeExport(overrides: Partial<DataExport> = {}): DataExport {
  return {
    id: ID,
    status: 'pending',
    progress: 0,
    created_at: '2026-03-01T10:00:00.000Z',
    ready_at: null,
    expires_at: null,
    size_bytes: null,
    download_url: null,
    ...overrides,
  };
}

const readyExport = makeExport({
  status: 'ready',
  progress: 100,
  ready_at: '2026-03-01T10:01:00.000Z',
  expires_at: '2026-03-08T10:01:00.000Z',
  size_bytes: 1_234_567,
  download_url: `/api/users/me/exports/${ID}/download`,
});

function renderSection(
  list: MockResponse | (() => MockResponse),
  request?: MockResponse | (() => MockResponse),
) {
  return renderSignedIn(<DataExportSection />, {
    handlers: {
      [listUrl]: typeof list === 'function' ? list : () => list,
      ...(request ? { [requestUrl]: typeof request === 'function' ? request : () => request } : {}),
    },
  });
}

const region = () => screen.getByRole('region', { name: 'Your data' });

describe('DataExportSection', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('asks for a copy, shows its progress while it is built, then the download link', async () => {
    let lists = 0;
    let requested = false;
    const { calls } = renderSection(
      () => {
        if (!requested) return { body: [] };
        lists += 1;
        // Asked again after the request, then polled: building, then ready.
        return {
          body: [lists === 1 ? makeExport({ status: 'building', progress: 40 }) : readyExport],
        };
      },
      () => {
        requested = true;
        return { status: 201, body: makeExport() };
      },
    );
    const ask = await within(region()).findByRole('button', { name: 'Download my data' });
    await userEvent.click(ask);

    const bar = await screen.findByRole('progressbar', { name: 'Preparing your data' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByText('40% done')).toBeInTheDocument();
    expect(
      screen.getByText('You can leave this page: we mail you when it is ready.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your data' })).toHaveFocus();

    // The poll finds it ready: a link the browser saves, its size and until when it works.
    const link = await screen.findByRole(
      'link',
      { name: 'Download ZIP (1.2 MB)' },
      { timeout: 5_000 },
    );
    expect(link).toHaveAttribute('href', `/api/users/me/exports/${ID}/download`);
    expect(link).toHaveAttribute('download');
    expect(screen.getByRole('status')).toHaveTextContent('Your data is ready.');
    expect(screen.getByText(/^The download works until Mar 8, 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    // Ready: polling stops.
    const asked = lists;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(lists).toBe(asked);
  });

  it('offers to try again after a failed build', async () => {
    const failed = makeExport({
      id: '00000000-0000-4000-8000-00000000e000',
      status: 'failed',
      progress: 30,
    });
    let list = [failed];
    const { calls } = renderSection(
      () => ({ body: list }),
      () => {
        list = [makeExport({ status: 'building', progress: 5 }), failed];
        return { status: 201, body: makeExport() };
      },
    );
    expect(
      await screen.findByText(
        'Your data could not be prepared this time. Nothing is lost: try again.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const bar = await screen.findByRole('progressbar', { name: 'Preparing your data' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '5'));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('says when the last download expired, and offers a new copy', async () => {
    renderSection({
      body: [{ ...readyExport, status: 'expired', download_url: null, size_bytes: null }],
    });
    expect(
      await screen.findByText(/^Your last download expired on Mar 8, 2026/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says why a request was refused: one already being prepared, or three a day', async () => {
    let answer: MockResponse = { status: 409, body: { err_key: 'export_in_progress' } };
    renderSection({ body: [] }, () => answer);
    await userEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A copy of your data is already being prepared.',
    );

    answer = { status: 429, body: { err_key: 'rate_limited' } };
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'You asked for a copy of your data three times today. You can ask again tomorrow.',
      ),
    );
  });

  it('shows a retry when the list cannot be loaded', async () => {
    let fail = true;
    renderSection(() =>
      fail ? { status: 500, body: { err_key: 'internal_error' } } : { body: [readyExport] },
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your data copies could not be loaded.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Download ZIP (1.2 MB)' })).toBeInTheDocument();
  });

  it('speaks German: size, date and labels', async () => {
    await act(() => i18n.changeLanguage('de'));
    renderSection({ body: [readyExport] });
    expect(
      await screen.findByRole('link', { name: 'ZIP herunterladen (1,2 MB)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Deine Daten' })).toBeInTheDocument();
    expect(screen.getByText(/^Der Download funktioniert bis 08\.03\.2026/)).toBeInTheDocument();
  });
});

describe('formatSize', () => {
  it('writes sizes in the largest unit that keeps them readable', () => {
    expect(formatSize(532, 'en')).toBe('532 byte');
    expect(formatSize(12_300, 'en')).toBe('12 kB');
    expect(formatSize(1_234_567, 'en')).toBe('1.2 MB');
    expect(formatSize(1_234_567, 'de')).toBe('1,2 MB');
    expect(formatSize(3_400_000_000, 'en')).toBe('3.4 GB');
  });
});
