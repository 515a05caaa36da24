import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config/config.ts';
import { devMailboxEnabled } from './dev-mailbox.service.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'glimpse-mail-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: NodeJS.ProcessEnv) => loadConfig({ SECRET: 's', ...env }, { dataDir });

describe('mail settings', () => {
  it('write files by default, from no-reply at the public host, with the mailbox on', () => {
    const config = load({ PUBLIC_URL: 'https://glimpse.example/' });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe('Glimpse <no-reply@glimpse.example>');
    expect(config.production).toBe(false);
    expect(devMailboxEnabled(config)).toBe(true);
  });

  it('read SMTP_URL and MAIL_FROM; a server that sends has no mailbox', () => {
    const config = load({
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      MAIL_FROM: 'Glimpse Team <team@glimpse.example>',
    });
    expect(config.smtpUrl).toBe('smtps://user:pass@mail.example:465');
    expect(config.mailFrom).toBe('Glimpse Team <team@glimpse.example>');
    expect(devMailboxEnabled(config)).toBe(false);
  });

  it('keep the mailbox off in production', () => {
    const config = load({ NODE_ENV: 'production' });
    expect(config.production).toBe(true);
    expect(devMailboxEnabled(config)).toBe(false);
  });

  it('refuse an SMTP_URL that is not an smtp URL', () => {
    expect(() => load({ SMTP_URL: 'mail.example:25' })).toThrow(/SMTP_URL/);
    expect(() => load({ SMTP_URL: 'http://mail.example' })).toThrow(/smtp:\/\/ or smtps:\/\//);
  });
});
