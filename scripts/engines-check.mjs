// `npm run check`: the Node version the README promises, the root `engines` and every package in
// package-lock.json agree. A dependency upgrade that needs a newer Node (pg-boss, cookie and
// content-disposition once did: issue 9) fails here instead of warning EBADENGINE on a user's
// `npm install` and maybe breaking on their machine.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import semver from 'semver';

const ROOT = new URL('../', import.meta.url);

/** "Requires Node 20.19+" in the README -> "20.19.0"; undefined when the line is missing. */
export function readmeNodeVersion(readme) {
  const match = /Requires Node (\d+(?:\.\d+){0,2})\+/.exec(readme);
  return match ? semver.coerce(match[1])?.version : undefined;
}

/** The package name of a lockfile key: "node_modules/a/node_modules/@b/c" -> "@b/c". */
function packageName(lockKey) {
  const at = lockKey.lastIndexOf('node_modules/');
  return at === -1 ? lockKey : lockKey.slice(at + 'node_modules/'.length);
}

/**
 * Every disagreement, as a sentence for a person: the README names no version, the root
 * `engines.node` does not start at the README's version, or a locked package's `engines.node`
 * does not accept it. An empty list means they agree.
 */
export function enginesProblems({ readme, rootPackage, lock }) {
  const version = readmeNodeVersion(readme);
  if (!version) return ['README.md does not say "Requires Node <version>+"'];
  const problems = [];
  const rootRange = rootPackage.engines?.node;
  const rootMin = rootRange && semver.validRange(rootRange) && semver.minVersion(rootRange);
  if (!rootMin || rootMin.version !== version) {
    problems.push(
      `package.json engines.node is "${rootRange ?? ''}", but README.md says Node ${version}+`,
    );
  }
  for (const [key, meta] of Object.entries(lock.packages ?? {})) {
    const range = meta.engines?.node;
    if (key === '' || typeof range !== 'string') continue;
    if (!semver.satisfies(version, range)) {
      problems.push(
        `${packageName(key)}@${meta.version} (${key}) requires Node "${range}", which excludes ${version}`,
      );
    }
  }
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const read = (file) => readFileSync(new URL(file, ROOT), 'utf8');
  const problems = enginesProblems({
    readme: read('README.md'),
    rootPackage: JSON.parse(read('package.json')),
    lock: JSON.parse(read('package-lock.json')),
  });
  if (problems.length > 0) {
    console.error(`engines: README, package.json and package-lock.json disagree:`);
    for (const problem of problems) console.error(`  - ${problem}`);
    console.error(
      'Pin a version that accepts the README\'s Node (root "overrides"), or raise all three.',
    );
    process.exit(1);
  }
  console.log(`engines: every locked package accepts Node ${readmeNodeVersion(read('README.md'))}`);
}
