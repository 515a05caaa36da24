// `node --test scripts/feature-order.test.mjs` (run by `npm run check`): the server's feature
// boundaries in eslint.config.js fail an upward import, a reach into another feature's internal
// file, and so any cycle between two features; a downward import through index.ts passes.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { SERVER_FEATURE_ORDER } from '../apps/server/feature-order.mjs';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The lint messages of `code` as if it were the file at `file` (relative to the repo root). */
async function lint(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const features = 'apps/server/src/features';
const below = (lower, higher) =>
  SERVER_FEATURE_ORDER.indexOf(lower) < SERVER_FEATURE_ORDER.indexOf(higher);

describe('server feature boundaries', () => {
  it('fail an import of a feature later in the order, naming the order', async () => {
    assert.ok(below('media', 'users'));
    const messages = await lint(
      `${features}/media/fixture.ts`,
      "export { findUser } from '../users/index.ts';\n",
    );
    assert.equal(messages.length, 1, messages.join('\n'));
    assert.match(messages[0], /^import-x\/no-restricted-paths: .*"media" may import only/);
    assert.ok(messages[0].includes(SERVER_FEATURE_ORDER.join(' < ')), messages[0]);
  });

  it("fail an import of another feature's internal file, from a sub-folder too", async () => {
    assert.ok(below('media', 'users'));
    const direct = await lint(
      `${features}/users/fixture.ts`,
      "export { variantKey } from '../media/media-variants.ts';\n",
    );
    assert.equal(direct.length, 1, direct.join('\n'));
    assert.match(direct[0], /Use feature "media" only through its index\.ts/);

    const nested = await lint(
      `${features}/money/ledger/fixture.ts`,
      "import { variantKey } from '../../media/media-variants.ts';\nexport const key = variantKey;\n",
    );
    assert.equal(nested.length, 1, nested.join('\n'));
    assert.match(nested[0], /Use feature "media" only through its index\.ts/);
  });

  it('pass an import of a feature earlier in the order through its index.ts', async () => {
    assert.deepEqual(
      await lint(
        `${features}/users/fixture.ts`,
        "import { variantKey } from '../media/index.ts';\nexport const key = variantKey;\n",
      ),
      [],
    );
    assert.deepEqual(
      await lint(
        `${features}/money/ledger/fixture.ts`,
        "export { variantKey } from '../../media/index.ts';\n",
      ),
      [],
    );
  });

  it('fail a cycle between two features: one of its two edges goes up', async () => {
    assert.ok(below('social', 'blocks'));
    const down = await lint(
      `${features}/blocks/fixture.ts`,
      "export { setFollowing } from '../social/index.ts';\n",
    );
    const up = await lint(
      `${features}/social/fixture.ts`,
      "export { blockedEitherWay } from '../blocks/index.ts';\n",
    );
    assert.deepEqual(down, []);
    assert.equal(up.length, 1, up.join('\n'));
    assert.match(up[0], /"social" may import only features before it/);
  });

  it('keep platform/ and db/ below every feature', async () => {
    for (const file of ['apps/server/src/platform/fixture.ts', 'apps/server/src/db/fixture.ts']) {
      const messages = await lint(
        file,
        "export { variantKey } from '../features/media/index.ts';\n",
      );
      assert.equal(messages.length, 1, messages.join('\n'));
      assert.match(messages[0], /platform\/ and db\/ sit below every feature/);
    }
  });

  it("keep a feature's index.ts to its own feature's files", async () => {
    const messages = await lint(
      `${features}/users/index.ts`,
      "export { variantKey } from '../media/index.ts';\nexport { findUser } from './account.service.ts';\n",
    );
    assert.equal(messages.length, 1, messages.join('\n'));
    assert.match(messages[0], /index\.ts exports only its own feature's files/);
  });
});
