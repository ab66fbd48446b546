import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HostAudioHandle } from '../../src/audio/host/host-audio-player.js';
import { makeDemoCommand } from '../../src/cli/commands/demo.js';
import { makeShowCommand, type ExperienceCommandDeps } from '../../src/cli/commands/show.js';
import { runCli } from '../../src/cli/main.js';
import type { ShowScoreCue } from '../../src/experiences/runtime/output.js';
import { captureIo } from '../helpers/capture-io.js';
import { fakeExperienceDeps } from '../experiences/helpers/command-deps.js';

/** Host audio that records what the command asks of it. */
class RecordingHostAudio implements HostAudioHandle {
  readonly calls: string[] = [];
  readonly prepared: ShowScoreCue[][] = [];
  readonly started: ShowScoreCue[][] = [];
  playEarcon(name: string, slot: number | null): void {
    this.calls.push(`earcon ${name} ${slot}`);
  }
  prepareShowScore(cues: readonly ShowScoreCue[]): void {
    this.prepared.push([...cues]);
    this.calls.push('prepare');
  }
  startShowScore(cues: readonly ShowScoreCue[]): void {
    this.started.push([...cues]);
    this.calls.push('start');
  }
  stopShowScore(): void {
    this.calls.push('stop');
  }
  close(): void {
    this.calls.push('close');
  }
}

function deps(audio: RecordingHostAudio | null): { deps: ExperienceCommandDeps; envs: NodeJS.ProcessEnv[] } {
  const envs: NodeJS.ProcessEnv[] = [];
  const extra: Partial<ExperienceCommandDeps> =
    audio === null
      ? {}
      : {
          hostAudio: (_report, env) => {
            envs.push(env);
            return audio;
          },
        };
  return { envs, deps: fakeExperienceDeps({ extra }).deps };
}

const TRACE = ['--profile', 'novation/launchpad/pro-mk1', '--output', 'trace:/dev/null'];

describe('pad-lattice show --audio (experiences.md §12.7)', () => {
  it('prepares the score at the tempo, starts it with the first cue and closes it at the end', async () => {
    const audio = new RecordingHostAudio();
    const { deps: d, envs } = deps(audio);
    const capture = captureIo('', { NO_COLOR: '1', PATH: '/nowhere' });
    const code = await runCli(['show', '--audio', '--tempo', '4', ...TRACE], capture.io, [makeShowCommand(d)]);
    expect(code).toBe(0);
    expect(envs[0]?.PATH).toBe('/nowhere');
    expect(audio.calls).toEqual(['prepare', 'start', 'stop', 'close']);
    expect(audio.started[0]).toEqual(audio.prepared[0]);
    // At tempo 4 the score's timeline is a quarter of the manifest's 34 s.
    const last = audio.started[0]!.at(-1)!;
    expect(last.startSeconds + last.lengthSeconds).toBeCloseTo(34 / 4, 6);
  });

  it('plays nothing on the host without --audio', async () => {
    const audio = new RecordingHostAudio();
    const { deps: d, envs } = deps(audio);
    const code = await runCli(['show', '--tempo', '8', ...TRACE], captureIo().io, [makeShowCommand(d)]);
    expect(code).toBe(0);
    expect(envs).toEqual([]);
    expect(audio.calls).toEqual([]);
  });

  it('says plainly when this machine has no sound, and still plays the Show', async () => {
    const { deps: d } = deps(null);
    const capture = captureIo('', { NO_COLOR: '1', PATH: '' });
    const code = await runCli(['show', '--audio', '--tempo', '8', ...TRACE], capture.io, [makeShowCommand(d)]);
    expect(code).toBe(0);
    expect(capture.stderr().match(/host audio is unavailable: no sound player found/g)).toHaveLength(1);
  });
});

describe('pad-lattice demo --audio', () => {
  it("plays the Demo's earcons on the host as the tour reaches them, never a Show score", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pl-demo-audio-'));
    try {
      const presses = join(dir, 'presses.hex');
      // Scene 2, approve, Scene 3, retry on a Pro Mk1: the whole tour.
      writeFileSync(presses, 'B0 4F 7F\nB0 5B 7F\nB0 45 7F\nB0 61 7F\n');
      const audio = new RecordingHostAudio();
      const { deps: d } = deps(audio);
      const args = ['demo', '--audio', '--no-greeting', '--profile', 'novation/launchpad/pro-mk1', '--input', `file:${presses}`, '--output', 'trace:/dev/null'];
      expect(await runCli(args, captureIo('', { NO_COLOR: '1' }).io, [makeDemoCommand(d)])).toBe(0);
      expect(audio.calls.filter((call) => call.startsWith('earcon')).length).toBeGreaterThan(2);
      expect(audio.calls).not.toContain('prepare');
      expect(audio.calls.at(-1)).toBe('close');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
