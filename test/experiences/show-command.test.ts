import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDemoCommand } from '../../src/cli/commands/demo.js';
import { makeShowCommand } from '../../src/cli/commands/show.js';
import { runCli } from '../../src/cli/main.js';
import { loadPerformanceManifest, type PerformanceManifest } from '../../src/experiences/index.js';
import { loadProfileFile } from '../../src/profiles/index.js';
import { captureIo } from '../helpers/capture-io.js';
import { fakeExperienceDeps } from './helpers/command-deps.js';
import { killLeftovers, startCli } from './helpers/cli-process.js';
import { REPO_ROOT, SHOW_PATH } from './helpers/files.js';

const PRO_MK1 = join(REPO_ROOT, 'profiles/novation/launchpad/pro-mk1.json');
const RGB_PREFIX = 'F0 00 20 29 02 10 0B';

const run = (command: ReturnType<typeof makeShowCommand>, args: string[]) => {
  const capture = captureIo();
  return runCli([command.name, ...args], capture.io, [command]).then((code) => ({ code, ...capture }));
};

/**
 * The RGB SysEx messages midi-rendering.md §9.3 prescribes for each cue played
 * in order on a Pro Mk1: changed LEDs only, at most 78 groups per message.
 */
async function expectedFrames(show: PerformanceManifest): Promise<string[][]> {
  const profile = await loadProfileFile(PRO_MK1);
  const rgb = profile.capabilities.show_rgb!;
  const numbers = [...profile.grid.rows.flat(), ...profile.surface.showcase.top.map((a) => a.number), ...profile.surface.showcase.right.map((a) => a.number)];
  const sent = new Map<number, string>();
  const hex = (bytes: number[]) => bytes.map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
  return show.cues.map((cue) => {
    const colors = [...cue.frame.grid.flat(), ...cue.frame.top, ...cue.frame.right];
    const groups: number[][] = [];
    colors.forEach((color, i) => {
      const native = color.rgb.map((c) => Math.round((c * rgb.channel_max) / 255));
      const led = numbers[i]!;
      if (sent.get(led) === native.join()) return;
      sent.set(led, native.join());
      groups.push([led, ...native]);
    });
    const messages: string[] = [];
    for (let start = 0; start < groups.length; start += rgb.batch_size) {
      messages.push(hex([0xf0, ...rgb.sysex_prefix, ...groups.slice(start, start + rgb.batch_size).flat(), 0xf7]));
    }
    return messages;
  });
}

describe('pad-lattice show', () => {
  it('plays our Show to trace:- with every frame batched as the §9.3 rule says, then restores the device', async () => {
    const { deps, elapsed } = fakeExperienceDeps();
    const result = await run(makeShowCommand(deps), ['--profile', 'novation/launchpad/pro-mk1', '--output', 'trace:-']);
    expect(result.code).toBe(0);
    const lines = result.stdout().trim().split('\n');
    const rgbLines = lines.filter((line) => line.startsWith(RGB_PREFIX));
    const frames = await expectedFrames(await loadPerformanceManifest(SHOW_PATH));
    let at = 0;
    frames.forEach((messages, cue) => {
      const groups = messages.map((line) => (line.split(' ').length - 8) / 4);
      expect(messages.length, `cue ${cue}: message count`).toBe(Math.ceil(groups.reduce((a, b) => a + b, 0) / 78));
      for (const [i, line] of messages.entries()) {
        expect(line.split(' ').length, `cue ${cue} message ${i}: byte count`).toBe(6 + 4 * groups[i]! + 2);
        expect(groups[i]!).toBeLessThanOrEqual(78);
      }
      expect(rgbLines.slice(at, at + messages.length), `cue ${cue}`).toEqual(messages);
      at += messages.length;
    });
    expect(at).toBe(rgbLines.length);
    expect(frames[0]!.map((line) => line.split(' ').length)).toEqual([320, 16]);
    // Closing the device: its shutdown SysEx are the last thing sent.
    expect(lines.slice(-2)).toEqual(['F0 00 20 29 02 10 22 00 F7', 'F0 00 20 29 02 10 21 00 F7']);
    expect(result.stderr()).toContain('The Night Shift (');
    expect(result.stderr()).toContain('Prologue - Midnight: Midnight');
    expect(elapsed()).toBeGreaterThanOrEqual(34);
  });

  it('at tempo 2 it plays in half the time', async () => {
    const { deps, elapsed } = fakeExperienceDeps();
    const result = await run(makeShowCommand(deps), ['--profile', 'novation/launchpad/pro-mk1', '--output', 'trace:-', '--tempo', '2']);
    expect(result.code).toBe(0);
    expect(elapsed()).toBeLessThan(18);
  });

  it('Ctrl-C stops the Show, restores the device and exits 130', async () => {
    const { deps } = fakeExperienceDeps({ abortAfterSleeps: 40 });
    const result = await run(makeShowCommand(deps), ['--profile', 'novation/launchpad/pro-mk1', '--output', 'trace:-']);
    expect(result.code).toBe(130);
    expect(result.stdout().trim().split('\n').slice(-2)).toEqual(['F0 00 20 29 02 10 22 00 F7', 'F0 00 20 29 02 10 21 00 F7']);
  });

  it('refuses a bad tempo and reports a broken manifest with its JSON location', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pad-show-'));
    try {
      expect((await run(makeShowCommand(fakeExperienceDeps().deps), ['--tempo', '0'])).code).toBe(2);
      const broken = JSON.parse(readFileSync(SHOW_PATH, 'utf8')) as { cues: { duration_ms: number }[] };
      broken.cues[3]!.duration_ms = 0;
      writeFileSync(join(dir, 'broken.json'), JSON.stringify(broken));
      const result = await run(makeShowCommand(fakeExperienceDeps().deps), [
        '--manifest',
        join(dir, 'broken.json'),
        '--profile',
        'novation/launchpad/pro-mk1',
        '--output',
        'trace:-',
      ]);
      expect(result.code).toBe(1);
      expect(result.stderr()).toMatch(/broken\.json\.cues\[3\]\.duration_ms: must be a positive integer/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without a controller or MIDI it says so and exits 3', async () => {
    const result = await run(makeShowCommand(fakeExperienceDeps().deps), []);
    expect(result.code).toBe(3);
    expect(result.stderr()).toMatch(/no controller found; connect a MIDI controller, monome grid or Stream Deck/);
  });
});

describe('pad-lattice demo', () => {
  let dir: string | null = null;
  afterEach(() => {
    killLeftovers();
    if (dir !== null) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  it('answers the tour from the controller and exits 0 after the final stage', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pad-demo-'));
    const presses = join(dir, 'presses.hex');
    // Scene 2, approve, Scene 3, retry on a Pro Mk1.
    writeFileSync(presses, 'B0 4F 7F\nB0 5B 7F\nB0 45 7F\nB0 61 7F\n');
    const trace = join(dir, 'trace.hex');
    const { deps } = fakeExperienceDeps();
    const result = await run(makeDemoCommand(deps), [
      '--no-greeting',
      '--profile',
      'novation/launchpad/pro-mk1',
      '--input',
      `file:${presses}`,
      '--output',
      `trace:${trace}`,
    ]);
    expect(result.code).toBe(0);
    const narration = result.stdout();
    for (const title of [
      'The Reviewer needs you.',
      'Approve the review.',
      'The Tests need attention.',
      'Retry the test agent.',
      'The agents form a constellation.',
    ]) {
      expect(narration).toContain(title);
    }
    expect(readFileSync(trace, 'utf8').trim().split('\n').at(-1)).toBe('F0 00 20 29 02 10 21 00 F7');
  });

  it('scrolls the greeting on a MIDI controller first, as the daemon does, unless --no-greeting', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pad-demo-'));
    const presses = join(dir, 'presses.hex');
    writeFileSync(presses, 'B0 4F 7F\nB0 5B 7F\nB0 45 7F\nB0 61 7F\n');
    // The built program, with real timers: the greeting's frames follow on timers of their own.
    const traceOf = async (flags: string[]) => {
      const trace = join(dir!, `trace-${flags.join('')}.hex`);
      const demo = startCli(['demo', ...flags, '--profile', 'novation/launchpad/pro-mk1', '--input', `file:${presses}`, '--output', `trace:${trace}`]);
      expect(await demo.exited).toBe(0);
      return readFileSync(trace, 'utf8').trim().split('\n');
    };
    const greenPads = (lines: readonly string[]) => lines.filter((line) => /^90 [0-9A-F]{2} 15$/.test(line)).length;
    const greeted = await traceOf(['--greeting-delay', '0']);
    const plain = await traceOf(['--no-greeting']);
    // The scroll lights the text pad by pad in the greeting colour (21 = 0x15), over and over as it moves.
    expect(greenPads(greeted)).toBeGreaterThan(greenPads(plain) + 500);
    // Both end with the tour's last view after the greeting, not in the middle of the scroll.
    expect(greeted.at(-1)).toBe(plain.at(-1));
  });

  it('refuses --greeting-delay with --no-greeting, and a bad delay, as usage errors', async () => {
    const both = await run(makeDemoCommand(fakeExperienceDeps().deps), ['--no-greeting', '--greeting-delay', '0.1']);
    expect(both.code).toBe(2);
    expect(both.stderr()).toContain('--greeting-delay has nothing to time with --no-greeting');
    expect((await run(makeDemoCommand(fakeExperienceDeps().deps), ['--greeting-delay', 'soon'])).code).toBe(2);
  });
});
