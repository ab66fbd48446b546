// Build step: delete what tsc once compiled from a source file that is gone. tsc never removes an
// output, so a renamed or deleted module would stay in dist/ of a working checkout and be packed
// and installed with the rest. Only dist/src and dist/bench (tsconfig.json's outputs) are pruned:
// a `.js` or `.js.map` there without its `.ts` under src/ or bench/.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
}

let removed = 0;
for (const top of ['src', 'bench']) {
  for (const output of filesUnder(join(root, 'dist', top))) {
    const match = /^(.*)\.js(\.map)?$/.exec(relative(join(root, 'dist'), output));
    if (match === null || existsSync(join(root, `${match[1]}.ts`))) continue;
    rmSync(output);
    removed += 1;
  }
}
if (removed > 0) console.log(`remove-stale-outputs: ${removed} files whose source is gone removed from dist/`);
