import type { DataExport } from '@glimpse/contract';
import type { DataExportRow } from './exports.repository.ts';

/** Where the owner downloads an export (same origin: the session cookie goes along). */
export function downloadPath(id: string): string {
  return `/api/users/me/exports/${id}/download`;
}

/** A ready export past its expiry (or whose archive was already swept) counts as expired. */
export function isExpired(row: DataExportRow, now: Date): boolean {
  return row.status === 'ready' && (row.blobKey === null || !row.expiresAt || row.expiresAt <= now);
}

export function presentExport(row: DataExportRow, now = new Date()): DataExport {
  const expired = isExpired(row, now);
  const status = expired ? 'expired' : row.status;
  return {
    id: row.id,
    status,
    progress: row.status === 'ready' ? 100 : row.progress,
    created_at: row.createdAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    expires_at: row.status === 'ready' ? (row.expiresAt?.toISOString() ?? null) : null,
    size_bytes: status === 'ready' ? row.sizeBytes : null,
    download_url: status === 'ready' ? downloadPath(row.id) : null,
  };
}
