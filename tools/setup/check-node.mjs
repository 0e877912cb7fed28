// Refuses `npm ci` / `npm install` on a Node.js the project does not run on (issue 27 §9):
// the root package.json's engines, checked before anything is installed. Plain JavaScript with no
// dependencies, because it runs before there are any. npm's own engine-strict would also apply
// every dependency's engines, some of which name lines the project runs on without them.
import { readFileSync } from 'node:fs';

const manifest = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
// The "engines" object's "node" (the manifest has no other key named exactly "node").
const range = /"engines"\s*:\s*\{[^}]*"node"\s*:\s*"([^"]+)"/.exec(manifest)?.[1];
if (!range) throw new Error('check-node: package.json has no engines.node');
const [major, minor] = process.versions.node.split('.').map(Number);

/**
 * ">=20.19 <21 || >=24 <25": each alternative a lower and an upper bound (major[.minor]).
 * @param {string} text
 * @returns {boolean}
 */
function satisfies(text) {
  return text.split('||').some((alternative) =>
    alternative
      .trim()
      .split(/\s+/)
      .every((bound) => {
        const m = /^(>=|<)(\d+)(?:\.(\d+))?$/.exec(bound);
        if (!m) throw new Error(`check-node: cannot read the engines bound "${bound}"`);
        const at = [Number(m[2]), Number(m[3] ?? 0)];
        const cmp = major - at[0] || minor - at[1];
        return m[1] === '>=' ? cmp >= 0 : cmp < 0;
      }),
  );
}

if (!satisfies(range)) {
  console.error(
    `Jejak runs on Node.js ${range} (package.json "engines"); this is ${process.version}. ` +
      'Install Node.js 24 LTS (see .nvmrc) and run the command again.',
  );
  process.exit(1);
}
