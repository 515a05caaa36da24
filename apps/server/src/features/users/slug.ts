import { randomBytes } from 'node:crypto';

/** A readable, URL-safe slug from a display name: "Anna Maria!" -> "anna-maria". */
export function slugBase(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/g, '');
  return base || 'user';
}

export function slugWithSuffix(base: string): string {
  return `${base}-${randomBytes(3).toString('hex')}`;
}
