import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHostAudio } from '../../src/audio/host/create-host-audio.js';
import { HostAudioPlayer } from '../../src/audio/host/host-audio-player.js';
import { findPlayer, systemAudioEnvironment, type AudioEnvironment } from '../../src/audio/host/player-command.js';
import { launchPlayer, type PlayerExit } from '../../src/audio/host/player-process.js';
import { temporarySoundFiles } from '../../src/audio/host/sound-files.js';
import { manifestScoreCues } from '../../src/audio/show-audio.js';
import type { ShowScoreCue } from '../../src/experiences/runtime/output.js';
import { FakeClock } from '../daemon/helpers/fakes.js';
import { FakePlayer, MemorySoundFiles } from './helpers/fake-player.js';
import { readWav } from './helpers/wav-reader.js';

const CUES: ShowScoreCue[] = [
  { startSeconds: 0, lengthSeconds: 0.5, act: 'One', caption: 'Hi' },
  { startSeconds: 0.5, lengthSeconds: 0.5, act: 'Two', caption: null },
];

function setup() {
  const clock = new FakeClock();
  const player = new FakePlayer();
  const files = new MemorySoundFiles();
  const reports: string[] = [];
  const audio = new HostAudioPlayer({ player: { command: 'paplay', args: [] }, launch: player.launch, files, now: clock.read, report: (m) => reports.push(m) });
  return { clock, player, files, reports, audio };
}

const environment = (commands: string[], output: ReturnType<AudioEnvironment['soundOutput']>): AudioEnvironment => ({
  hasCommand: (command) => commands.includes(command),
  soundOutput: () => output,
});

describe('HostAudioPlayer', () => {
  it('hands the player the rendered earcon file after its own arguments and never waits for it', () => {
    const { audio, player, files } = setup();
    audio.playEarcon('approve', 4);
    expect(player.runs[0]).toMatchObject({ command: 'paplay', args: ['/memory/earcon-approve-4.wav'] });
    expect(readWav(files.rendered.get('earcon-approve-4')!).channels).toBe(1);
    expect(player.live).toHaveLength(1);
  });

  it('gives the score its own channel: four earcons and a fifth never stop it', () => {
    const { audio, player, clock } = setup();
    audio.startShowScore(CUES);
    const score = player.runs[0]!;
    for (const [i, name] of (['question', 'approval', 'success', 'error', 'retry'] as const).entries()) {
      clock.advance(0.01);
      audio.playEarcon(name, i);
    }
    expect(score.killed).toBe(false);
    expect(player.runs[1]!.killed).toBe(true);
    audio.stopShowScore();
    expect(score.killed).toBe(true);
  });

  it('replaces a playing score on a new start and renders each timeline once', () => {
    const { audio, player, files } = setup();
    audio.prepareShowScore(CUES);
    expect(files.rendered.size).toBe(1);
    audio.startShowScore(CUES);
    audio.startShowScore(CUES);
    expect(files.rendered.size).toBe(1);
    expect(player.runs.map((run) => run.killed)).toEqual([true, false]);
    const wav = readWav([...files.rendered.values()][0]!);
    expect(wav.channels).toBe(2);
    expect(wav.samples[0]!.length).toBe(22_050);
  });

  it('frees a concurrency place when a sound ends by itself', () => {
    const { audio, player, clock } = setup();
    for (const slot of [0, 1, 2, 3]) audio.playEarcon('stop', slot);
    player.runs[2]!.finish();
    clock.advance(0.01);
    audio.playEarcon('stop', 4);
    expect(player.runs.filter((run) => run.killed)).toEqual([]);
  });

  it('reports the first playback failure once and keeps playing', () => {
    const { audio, player, reports, clock } = setup();
    audio.playEarcon('question', 0);
    player.runs[0]!.finish('paplay exited with status 1: Connection refused');
    clock.advance(1);
    audio.playEarcon('question', 0);
    player.runs[1]!.finish('paplay exited with status 1: Connection refused');
    expect(player.runs).toHaveLength(2);
    expect(reports).toEqual(['host audio: paplay exited with status 1: Connection refused (later playback errors are not reported)']);
  });

  it('never throws for a launcher or file failure', () => {
    const reports: string[] = [];
    const audio = new HostAudioPlayer({
      player: { command: 'aplay', args: ['-q'] },
      launch: () => {
        throw new Error('spawn failed');
      },
      files: new MemorySoundFiles(),
      report: (m) => reports.push(m),
    });
    expect(() => audio.playEarcon('success', 1)).not.toThrow();
    expect(() => audio.startShowScore(CUES)).not.toThrow();
    expect(reports).toEqual(['host audio: spawn failed (later playback errors are not reported)']);
  });

  it('stops everything and removes its files on close', () => {
    const { audio, player, files } = setup();
    audio.playEarcon('reject', 1);
    audio.startShowScore(CUES);
    audio.close();
    expect(player.runs.every((run) => run.killed)).toBe(true);
    expect(files.disposed).toBe(true);
  });
});

describe('createHostAudio', () => {
  it('says once, plainly, that there is no player, and stays silent', () => {
    const reports: string[] = [];
    const launches: string[] = [];
    const audio = createHostAudio({
      report: (m) => reports.push(m),
      environment: environment([], { available: true }),
      launch: (command) => (launches.push(command), { kill: () => undefined }),
    });
    audio.playEarcon('question', null);
    audio.startShowScore(CUES);
    expect(launches).toEqual([]);
    expect(reports).toEqual(['host audio is unavailable: no sound player found (looked for paplay, aplay, pw-play, ffplay on PATH)']);
  });

  it('says why when a player exists but nothing can sound', () => {
    const reports: string[] = [];
    const launches: string[] = [];
    createHostAudio({
      report: (m) => reports.push(m),
      environment: environment(['aplay'], { available: false, reason: 'no sound device (none here)' }),
      launch: (command) => (launches.push(command), { kill: () => undefined }),
    }).playEarcon('stop', 2);
    expect(reports).toEqual(['host audio is unavailable: no sound device (none here)']);
    expect(launches).toEqual([]);
  });

  it('plays through the first available player in the documented order', () => {
    const launches: [string, readonly string[]][] = [];
    const audio = createHostAudio({
      report: () => undefined,
      environment: environment(['ffplay', 'pw-play'], { available: true }),
      launch: (command, args) => (launches.push([command, args]), { kill: () => undefined }),
    });
    audio.playEarcon('stop', 2);
    audio.close();
    expect(launches[0]![0]).toBe('pw-play');
    expect(findPlayer(environment(['ffplay'], { available: true }))).toEqual({ command: 'ffplay', args: ['-nodisp', '-autoexit', '-loglevel', 'quiet'] });
    expect(findPlayer(environment(['aplay', 'paplay'], { available: true }))?.command).toBe('paplay');
  });
});

describe('the real machine pieces', () => {
  let scratch: string | null = null;
  afterEach(() => {
    if (scratch !== null) rmSync(scratch, { recursive: true, force: true });
    scratch = null;
  });

  it('finds players on PATH and sound servers by their sockets', () => {
    scratch = mkdtempSync(join(tmpdir(), 'pad-lattice-audio-env-'));
    const bin = join(scratch, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'aplay'), '#!/bin/sh\n');
    chmodSync(join(bin, 'aplay'), 0o755);
    writeFileSync(join(bin, 'paplay'), 'not executable');
    const env = systemAudioEnvironment({ PATH: bin });
    expect(env.hasCommand('aplay')).toBe(true);
    expect(env.hasCommand('paplay')).toBe(false);
    expect(findPlayer(env)?.command).toBe('aplay');
    expect(systemAudioEnvironment({ PULSE_SERVER: 'unix:/somewhere' }).soundOutput()).toEqual({ available: true });
    writeFileSync(join(scratch, 'pipewire-0'), '');
    expect(systemAudioEnvironment({ XDG_RUNTIME_DIR: scratch }).soundOutput()).toEqual({ available: true });
  });

  it('launches a real process and tells how it ended: success, failure with its complaint, missing command, our kill', async () => {
    const run = (command: string, args: string[], kill = false) =>
      new Promise<PlayerExit>((resolve) => {
        const process = launchPlayer(command, args, resolve);
        if (kill) process.kill();
      });
    expect(await run(process.execPath, ['-e', ''])).toEqual({ failure: null });
    const failed = await run(process.execPath, ['-e', 'console.error("no soundcards found"); process.exit(3)']);
    expect(failed.failure).toMatch(/exited with status 3: no soundcards found$/);
    expect((await run('pad-lattice-no-such-player', [])).failure).toMatch(/ENOENT/);
    expect(await run(process.execPath, ['-e', 'setTimeout(() => {}, 10000)'], true)).toEqual({ failure: null });
  });

  it('writes each sound file once into a private folder and removes it on dispose', () => {
    const files = temporarySoundFiles();
    let renders = 0;
    const render = () => (renders++, Uint8Array.from([1, 2, 3]));
    const path = files.pathFor('earcon-x', render);
    expect(files.pathFor('earcon-x', render)).toBe(path);
    expect(renders).toBe(1);
    expect([...readFileSync(path)]).toEqual([1, 2, 3]);
    files.dispose();
    expect(existsSync(path)).toBe(false);
  });

  it('renders the packaged-score timeline from the manifest at the given tempo', () => {
    const cues = manifestScoreCues(
      {
        id: 'x',
        title: 'X',
        durationMs: 1500,
        acts: ['A'],
        cues: [
          { act: 0, durationMs: 1000, caption: null, frame: null as never },
          { act: 0, durationMs: 500, caption: 'C', frame: null as never },
        ],
        audio: { asset: 'audio/x.wav', mimeType: 'audio/wav', durationMs: 1500 },
      },
      2,
    );
    expect(cues).toEqual([
      { startSeconds: 0, lengthSeconds: 0.5, act: 'A', caption: null },
      { startSeconds: 0.5, lengthSeconds: 0.25, act: 'A', caption: 'C' },
    ]);
  });
});
