import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SoakCounters } from './counters.js';

const BUILTIN = fileURLToPath(new URL('../../../profiles/novation/launchpad/pro-mk1.json', import.meta.url));

/**
 * Someone editing a profile in the watched folder: the same file is
 * rewritten in turn as a valid profile (for a controller that is not
 * plugged in, so the soak's own device keeps its built-in profile), as a
 * half-typed broken one, and valid again with another name.
 */
export class ProfileEditor {
  readonly #path: string;
  readonly #base: Record<string, unknown>;
  #edit = 0;

  constructor(
    folder: string,
    private readonly counters: SoakCounters,
  ) {
    this.#path = join(folder, 'soak-edited.json');
    this.#base = JSON.parse(readFileSync(BUILTIN, 'utf8')) as Record<string, unknown>;
  }

  editOnce(): void {
    const n = this.#edit++;
    const profile = {
      ...this.#base,
      id: 'soak/edited/pad',
      manufacturer: 'soak',
      family: 'edited',
      model: 'pad',
      name: `Soak edited pad, edit ${n}`,
      ports: { input: ['^Soak Edited Pad'], output: ['^Soak Edited Pad'] },
    };
    const text = JSON.stringify(profile, null, 2);
    writeFileSync(this.#path, n % 3 === 1 ? text.slice(0, Math.floor(text.length / 2)) : text);
    this.counters.profileEdits++;
  }
}
