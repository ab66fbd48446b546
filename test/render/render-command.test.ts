import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { captureIo } from '../helpers/capture-io.js';

async function run(args: string[], stdin = '') {
  const home = await mkdtemp(join(tmpdir(), 'render-cli-'));
  const io = captureIo(stdin, { NO_COLOR: '1', HOME: home });
  const code = await runCli(['render', ...args], io.io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

/** stdout split into blocks (each block ends with an empty line). */
function blocks(stdout: string): string[][] {
  const result: string[][] = [];
  let current: string[] = [];
  for (const line of stdout.split('\n').slice(0, -1)) {
    if (line !== '') current.push(line);
    else {
      result.push(current);
      current = [];
    }
  }
  expect(current).toEqual([]);
  return result;
}

const PRO = ['--profile', 'novation/launchpad/pro-mk1'];

describe('pad-lattice render', () => {
  it("prints each view's messages, diffed against the previous view, one block per line", async () => {
    const stdin = ['{"selected_state":"waiting_for_reply"}', '{"selected_state":"waiting_for_reply"}', '{"selected_state":"success"}'].join('\n');
    const { code, stdout, stderr } = await run(PRO, `${stdin}\n`);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const [first, second, third] = blocks(stdout) as [string[], string[], string[]];
    expect(blocks(stdout)).toHaveLength(3);
    expect(first).toHaveLength(77);
    expect(first[0]).toBe('90 51 00');
    expect(first[1]).toBe('90 52 03');
    expect(first.at(-1)).toBe('B0 5F 00');
    expect(second).toEqual([]);
    expect(third.length).toBeGreaterThan(0);
    expect(third.every((line) => /^90 [0-9A-F]{2} (00|15)$/.test(line))).toBe(true);
  });

  it('reports bad lines with their numbers on stderr and goes on (exit 1)', async () => {
    const stdin = [
      '{"selected_state":null}',
      '',
      '{"selected_state":"bogus"}',
      '{"selected_state":null,"sessions":[{"slot":0,"state":"running","accent":"chartreuse"}]}',
      'not json',
      '{"selected_state":null,"overflow":1}',
      '{"selected_state":null,"overflow_count":1}',
    ].join('\n');
    const { code, stdout, stderr } = await run(PRO, stdin);
    expect(code).toBe(1);
    const errors = stderr.trimEnd().split('\n');
    expect(errors).toHaveLength(4);
    expect(errors[0]).toMatch(/^pad-lattice render: line 3: selected_state: /);
    expect(errors[1]).toBe('pad-lattice render: line 4: novation/launchpad/pro-mk1: unknown session accent: chartreuse');
    expect(errors[2]).toMatch(/^pad-lattice render: line 5: not JSON: /);
    expect(errors[3]).toMatch(/^pad-lattice render: line 6: .*overflow/);
    expect(blocks(stdout).map((block) => block.length)).toEqual([77, 1]);
    expect(blocks(stdout)[1]).toEqual(['B0 5F 09']);
  });

  it('--initialize prints the startup sequence first; --greeting adds the scroll', async () => {
    const plain = await run([...PRO, '--initialize'], '{"selected_state":"waiting_for_reply"}\n');
    const [startup, view] = blocks(plain.stdout) as [string[], string[]];
    expect(startup).toHaveLength(82);
    expect(startup.slice(0, 2)).toEqual(['F0 00 20 29 02 10 21 01 F7', 'F0 00 20 29 02 10 2C 03 F7']);
    expect(view).toHaveLength(14);

    const greeted = await run([...PRO, '--initialize', '--greeting-text', 'I'], '');
    const [withGreeting] = blocks(greeted.stdout) as [string[]];
    expect(withGreeting.length).toBeGreaterThan(82 + 80);
    expect(withGreeting.slice(-80).every((line) => line.endsWith(' 00'))).toBe(true);
    expect(withGreeting.filter((line) => line.endsWith(' 15')).length).toBeGreaterThan(0);

    expect((await run([...PRO, '--greeting'])).code).toBe(2);
  });

  it('--json prints one object per block', async () => {
    const { code, stdout } = await run([...PRO, '--initialize', '--json'], '{"selected_state":"success"}\n');
    expect(code).toBe(0);
    const [startup, view] = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(startup.startup).toBe(true);
    expect(startup.messages).toHaveLength(82);
    expect(view).toEqual({ line: 1, messages: expect.any(Array) });
    expect(view.messages).toHaveLength(9);
  });

  it('--profile-file renders through a profile file; the profile choice is validated', async () => {
    const file = fileURLToPath(new URL('../../profiles/novation/launchpad/mini-mk3.json', import.meta.url));
    const { code, stdout } = await run(['--profile-file', file, '--initialize'], '');
    expect(code).toBe(0);
    expect(blocks(stdout)[0]![0]).toBe('F0 00 20 29 02 0D 0E 01 F7');
    expect((await run([])).code).toBe(2);
    expect((await run([...PRO, '--profile-file', file])).code).toBe(2);
    const unknown = await run(['--profile', 'acme/none/zero']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('unknown device profile: acme/none/zero');
  });

  it('--show renders every cue frame of a Performance Manifest 1 file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'render-show-'));
    const cue = (index: number) => ({
      act: 0,
      duration_ms: 500,
      caption: null,
      frame: { grid: Array.from({ length: 8 }, () => new Array(8).fill(index)), top: new Array(8).fill(0), right: new Array(8).fill(0) },
    });
    const manifest = {
      schema_version: 1,
      kind: 'performance',
      id: 'tiny',
      title: 'Tiny',
      dimensions: { grid: [8, 8], top: 8, right: 8 },
      duration_ms: 1500,
      acts: ['Act I - Test'],
      palette: [
        { fallback: 'off', rgb: [0, 0, 0] },
        { fallback: 'accent:cyan:selected', rgb: [0, 174, 187] },
      ],
      cues: [cue(1), cue(1), cue(0)],
      audio: { asset: 'tiny.wav', mime_type: 'audio/wav', duration_ms: 1500 },
    };
    const path = join(dir, 'tiny.json');
    await writeFile(path, JSON.stringify(manifest));

    const rgb = await run([...PRO, '--show', path]);
    expect(rgb.code).toBe(0);
    const rgbBlocks = blocks(rgb.stdout);
    expect(rgbBlocks.map((block) => block.length)).toEqual([2, 0, 1]);
    expect(rgbBlocks[0]![0]!.startsWith('F0 00 20 29 02 10 0B 51 00 2B 2E')).toBe(true);

    // Push 2 has no RGB SysEx: every light gets its palette fallback (cyan selected = 37 = 25h).
    const palette = await run(['--profile', 'ableton/push/push-2', '--show', path]);
    const paletteBlocks = blocks(palette.stdout);
    expect(paletteBlocks.map((block) => block.length)).toEqual([80, 0, 64]);
    expect(paletteBlocks[0]!.slice(0, 64).every((line) => line.endsWith(' 25'))).toBe(true);

    // The Mk3 family and the X: one LED lighting SysEx per frame, type 03 (RGB, 0-127) before each LED.
    // (0, 174, 187) at 127 levels is (0, 87, 93) = 00 57 5D; the top-left pad is LED 81 = 51h.
    for (const [id, product] of [
      ['novation/launchpad/x', '0C'],
      ['novation/launchpad/mini-mk3', '0D'],
      ['novation/launchpad/pro-mk3', '0E'],
    ]) {
      const mk3 = blocks((await run(['--profile', id!, '--show', path])).stdout);
      expect(mk3.map((block) => block.length)).toEqual([1, 0, 1]);
      expect(mk3[0]![0]!.startsWith(`F0 00 20 29 02 ${product} 03 03 51 00 57 5D 03 52 00 57 5D`)).toBe(true);
      expect(mk3[0]![0]!.split(' ')).toHaveLength(7 + 80 * 5 + 1);
    }

    // APC mini mk2: one range over pads 0-63 with 8-bit channels split in two bytes (174 = 01 2E, 187 = 01 3B),
    // behind the byte count 00 08; its single-colour track and scene buttons take their palette fallbacks.
    const apc = blocks((await run(['--profile', 'akai/apc/mini-mk2', '--show', path])).stdout);
    expect(apc[0]![0]).toBe('F0 47 7F 4F 24 00 08 00 3F 00 00 01 2E 01 3B F7');
    expect(apc[0]!.slice(1)).toHaveLength(16);
    expect(apc[0]!.slice(1).every((line) => /^90 (6[4-9A-B]|7[0-7]) 00$/.test(line))).toBe(true);
    expect(apc[2]).toEqual(['F0 47 7F 4F 24 00 08 00 3F 00 00 00 00 00 00 F7']);

    await writeFile(path, JSON.stringify({ ...manifest, cues: [{ ...cue(0), frame: { ...cue(0).frame, top: [0, 0, 0, 0, 0, 0, 0, 9] } }] }));
    const bad = await run([...PRO, '--show', path]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('cues[0].frame.top[7]: 9 is outside the palette');
    const missing = await run([...PRO, '--show', join(dir, 'missing.json')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`pad-lattice render: ${join(dir, 'missing.json')}: cannot be read: does not exist`);
  });
});
