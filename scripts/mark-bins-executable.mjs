// Build step: make every `bin` of package.json executable. tsc writes its output with mode 0644, and
// npm sets the mode only when it installs the package, so in a checkout `dist/src/cli/main.js`
// would otherwise not run as a program.
import { chmodSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { bin } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
for (const path of Object.values(bin)) chmodSync(join(root, path), 0o755);
