import { describe, expect, it } from 'vitest';
import { loadConfig, OWASP_PASSWORD_HASH_COST } from '../../platform/config/config.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password.ts';

describe('password hashes', () => {
  it("are argon2id at OWASP's baseline unless the server is given another cost", async () => {
    const config = loadConfig({ DATA_DIR: '/tmp/glimpse-password-test' });
    expect(config.passwordHashCost).toEqual({ memoryKib: 19_456, passes: 2 });
    const stored = await hashPassword(config.passwordHashCost, 'correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse battery!')).toBe(false);
  });

  it('keep their own cost: a hash made at another cost still verifies', async () => {
    const cheap = { memoryKib: 8, passes: 1 };
    const stored = await hashPassword(cheap, 'correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'wrong')).toBe(false);
  });

  it('make the unknown-address stand-in at the cost real hashes have', async () => {
    expect(await dummyPasswordHash(OWASP_PASSWORD_HASH_COST)).toMatch(/\$m=19456,t=2,p=1\$/);
    expect(await dummyPasswordHash({ memoryKib: 8, passes: 1 })).toMatch(/\$m=8,t=1,p=1\$/);
  });
});
