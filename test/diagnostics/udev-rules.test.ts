import { describe, expect, it } from 'vitest';
import { makeUdevRulesCommand } from '../../src/cli/commands/udev-rules.js';
import { runCli } from '../../src/cli/main.js';
import { loadStreamDeckLibrary } from '../../src/stream-deck/library.js';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  const io = { stdout: { write: (t: string) => out.push(t) }, stderr: { write: (t: string) => err.push(t) }, env: {} };
  return { io: io as never, stdout: () => out.join(''), stderr: () => err.join('') };
}

/** One udev rule: comma-separated KEY=="value", KEY="value" or KEY+="value" items. */
const RULE = /^(?:[A-Z]+(?:\{[a-zA-Z]+\})?(?:==|\+=|=)"[^"]*")(?:, [A-Z]+(?:\{[a-zA-Z]+\})?(?:==|\+=|=)"[^"]*")*$/;

describe('pad-lattice udev-rules', () => {
  it('prints a seat-access rule for every Stream Deck model the library knows and for monome grids', async () => {
    const models = loadStreamDeckLibrary().models;
    const { io, stdout } = capture();
    expect(await runCli(['udev-rules'], io, [makeUdevRulesCommand(() => models)])).toBe(0);
    const rules = stdout()
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'));
    for (const rule of rules) {
      expect(rule).toMatch(RULE);
      expect(rule).toContain('TAG+="uaccess"');
      expect(rule).not.toContain('0666');
    }
    for (const model of models) {
      for (const product of model.productIds) {
        const ids = `ATTRS{idVendor}=="${model.vendorId.toString(16).padStart(4, '0')}", ATTRS{idProduct}=="${product.toString(16).padStart(4, '0')}"`;
        expect(rules).toContain(`SUBSYSTEM=="usb", ${ids}, MODE="0660", TAG+="uaccess"`);
        expect(rules).toContain(`KERNEL=="hidraw*", ${ids}, MODE="0660", TAG+="uaccess"`);
      }
    }
    expect(rules.filter((rule) => rule.startsWith('SUBSYSTEM=="tty"'))).toEqual([
      'SUBSYSTEM=="tty", ATTRS{idVendor}=="0403", ATTRS{idProduct}=="6001", ATTRS{serial}=="m[0-9]*", MODE="0660", TAG+="uaccess"',
      'SUBSYSTEM=="tty", ATTRS{manufacturer}=="monome", MODE="0660", TAG+="uaccess"',
    ]);
  });

  it('says how to fix a missing library and exits 1', async () => {
    const { io, stderr } = capture();
    const command = makeUdevRulesCommand(() => {
      throw new Error("Cannot find module '@elgato-stream-deck/core'");
    });
    expect(await runCli(['udev-rules'], io, [command])).toBe(1);
    expect(stderr()).toBe(
      "pad-lattice udev-rules: the Stream Deck library could not be loaded (Cannot find module '@elgato-stream-deck/core'); reinstall pad-lattice\n",
    );
  });
});
