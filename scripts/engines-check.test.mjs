// `node --test scripts/engines-check.test.mjs` (run by `npm run check`): the engines check finds
// each kind of disagreement and passes when there is none.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { enginesProblems, readmeNodeVersion } from './engines-check.mjs';

const readme = '# App\n\nRequires Node 20.19+ and npm 11.\n';
const rootPackage = { engines: { node: '>=20.19' } };
const lockWith = (packages) => ({ packages: { '': rootPackage, ...packages } });
const agreeing = {
  'node_modules/old': { version: '1.0.0', engines: { node: '>=8' } },
  'node_modules/split': { version: '2.0.0', engines: { node: '^20.19.0 || >=22.12.0' } },
  'node_modules/no-engines': { version: '3.0.0' },
  'apps/server': { version: '0.1.0' },
};

describe('readmeNodeVersion', () => {
  it('reads the version of the "Requires Node" line', () => {
    assert.equal(readmeNodeVersion(readme), '20.19.0');
    assert.equal(readmeNodeVersion('Requires Node 22+ only'), '22.0.0');
    assert.equal(readmeNodeVersion('Runs on any Node'), undefined);
  });
});

describe('enginesProblems', () => {
  it('finds none when every locked package accepts the README version', () => {
    assert.deepEqual(enginesProblems({ readme, rootPackage, lock: lockWith(agreeing) }), []);
  });

  it('names each locked package that excludes the README version, nested ones too', () => {
    const lock = lockWith({
      ...agreeing,
      'node_modules/pg-boss': { version: '12.35.0', engines: { node: '>=22.12.0' } },
      'node_modules/a/node_modules/@scope/cookie': { version: '2.0.2', engines: { node: '>=22' } },
    });
    const problems = enginesProblems({ readme, rootPackage, lock });
    assert.equal(problems.length, 2);
    assert.match(
      problems[0],
      /^pg-boss@12\.35\.0 .*requires Node ">=22\.12\.0".*excludes 20\.19\.0/,
    );
    assert.match(problems[1], /^@scope\/cookie@2\.0\.2 \(node_modules\/a\/node_modules/);
  });

  it('refuses a root engines range that does not start at the README version', () => {
    for (const node of ['>=22', '>=18', undefined]) {
      const problems = enginesProblems({
        readme,
        rootPackage: { engines: node === undefined ? {} : { node } },
        lock: lockWith(agreeing),
      });
      assert.equal(problems.length, 1, String(node));
      assert.match(problems[0], /package\.json engines\.node/);
    }
  });

  it('refuses a README without the Node line', () => {
    assert.deepEqual(enginesProblems({ readme: '# App', rootPackage, lock: lockWith(agreeing) }), [
      'README.md does not say "Requires Node <version>+"',
    ]);
  });
});
