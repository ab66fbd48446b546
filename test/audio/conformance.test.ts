import { describe, expect, it } from 'vitest';
import { HostAudioPlayer } from '../../src/audio/host/host-audio-player.js';
import { earconNotes } from '../../src/audio/earcon-patterns.js';
import { EARCON_ROOT_PITCH, earconRootPitch } from '../../src/audio/pitch.js';
import { ControlPlane } from '../../src/daemon/control-plane/index.js';
import { DaemonRuntime } from '../../src/daemon/runtime/runtime.js';
import { actionPressed, sessionSelected } from '../../src/domain/index.js';
import { EARCON_NAMES } from '../../src/experiences/vocabulary.js';
import { SoundController } from '../../src/web/app/sound-controller.js';
import { FakeClock, FakeExperience, RecordingOutbox, RecordingSurface } from '../daemon/helpers/fakes.js';
import { FakePlayer, MemorySoundFiles } from './helpers/fake-player.js';
import { FakeSoundHost, experienceState } from './helpers/fake-sound-host.js';
import { hubOf } from '../helpers/hub.js';

/** A daemon runtime with `--audio-feedback`, its earcons recorded. */
function liveDaemon() {
  const clock = new FakeClock();
  const surface = new RecordingSurface(4);
  const earcons: [string, number | null][] = [];
  const runtime = new DaemonRuntime({
    plane: new ControlPlane({ selectorCapacity: 4, accentNames: surface.geometry.accentNames }),
    surfaces: hubOf([surface]),
    outbox: new RecordingOutbox(),
    clock: clock.read,
    experience: new FakeExperience(),
    earcons: { playEarcon: (name, slot) => earcons.push([name, slot]) },
  });
  const agent = (id: string) => ({ backend: 'codex', session_id: id });
  const line = (conn: number, message: Record<string, unknown>) => runtime.handleLine(conn, Buffer.from(JSON.stringify({ protocol: 1, ...message })));
  const state = (conn: number, id: string, s: string) => line(conn, { type: 'state', state: s, agent: agent(id) });
  const press = (...events: Parameters<RecordingSurface['press']>) => {
    surface.press(...events);
    runtime.surfaceStep();
  };
  return { runtime, earcons, state, press, line, agent, clock };
}

function hostAudio() {
  const clock = new FakeClock();
  const player = new FakePlayer();
  const files = new MemorySoundFiles();
  const reports: string[] = [];
  const audio = new HostAudioPlayer({
    player: { command: 'aplay', args: ['-q'] },
    launch: player.launch,
    files,
    now: clock.read,
    report: (message) => reports.push(message),
  });
  return { clock, player, files, reports, audio };
}

describe('experiences.md §15', () => {
  it('scenario 26: live earcons: question and success for one agent, session_selected on re-selection, unavailable with the selected slot', () => {
    const { earcons, state, press } = liveDaemon();
    state(1, 'first', 'running');
    state(1, 'second', 'running');
    earcons.length = 0;
    // The third agent takes slot 2.
    for (const s of ['running', 'waiting_for_reply', 'waiting_for_reply', 'success']) state(1, 'third', s);
    expect(earcons).toEqual([
      ['question', 2],
      ['success', 2],
    ]);
    earcons.length = 0;
    press(sessionSelected(2));
    press(sessionSelected(2));
    expect(earcons).toEqual([
      ['session_selected', 2],
      ['session_selected', 2],
    ]);
    earcons.length = 0;
    press(actionPressed('retry')); // nobody subscribed: the press has no valid recipient
    expect(earcons).toEqual([['unavailable', 2]]);
  });

  it('scenario 27: slot k uses root 60 + [0,2,4,5,7,9,11,12][k]; slot null equals root 60; slot 8 is rejected', () => {
    const intervals = [0, 2, 4, 5, 7, 9, 11, 12];
    intervals.forEach((interval, slot) => {
      expect(earconRootPitch(slot)).toBe(60 + interval);
      for (const name of EARCON_NAMES) {
        const atRoot = earconNotes(name, null).map((note) => note.pitch - EARCON_ROOT_PITCH);
        expect(earconNotes(name, slot).map((note) => note.pitch - 60 - interval)).toEqual(atRoot);
      }
    });
    expect(earconRootPitch(null)).toBe(60);
    for (const name of EARCON_NAMES) expect(earconNotes(name, null)).toEqual(earconNotes(name, 0));
    for (const bad of [8, -1, 1.5]) {
      expect(() => earconRootPitch(bad)).toThrow(RangeError);
      expect(() => earconNotes('question', bad)).toThrow(RangeError);
    }
    expect(() => hostAudio().audio.playEarcon('question', 8)).toThrow(RangeError);
  });

  it('scenario 28: the same (earcon, slot) within 0.12 s plays once; another slot plays; a fifth concurrent sound stops the oldest', () => {
    const { audio, player, clock } = hostAudio();
    audio.playEarcon('question', 1);
    clock.advance(0.05);
    audio.playEarcon('question', 1);
    expect(player.runs).toHaveLength(1);
    audio.playEarcon('question', 2);
    expect(player.runs).toHaveLength(2);
    clock.advance(0.12);
    audio.playEarcon('question', 1); // 0.17 s after the first: plays again
    expect(player.played.map((path) => path.split('/').at(-1))).toEqual(['earcon-question-1.wav', 'earcon-question-2.wav', 'earcon-question-1.wav']);
    audio.playEarcon('success', null);
    expect(player.live).toHaveLength(4);
    expect(player.runs.some((run) => run.killed)).toBe(false);
    audio.playEarcon('error', 3);
    expect(player.runs[0]!.killed).toBe(true);
    expect(player.runs.slice(1).every((run) => !run.killed)).toBe(true);
    expect(player.live).toHaveLength(4);
  });

  it('scenario 29: browser earcons: sequences 3, 3, 4 play two files, a new controller at 1 plays, sound off plays nothing', () => {
    const host = new FakeSoundHost();
    const sound = new SoundController(host);
    const demo = (sequence: number, cue: string | null, slot: number | null) =>
      experienceState({ status: 'playing', kind: 'demo', audio_sequence: sequence, audio_cue: cue, audio_slot: slot });
    sound.setEnabled(true);
    const primed = host.elements.length;
    sound.onExperience(demo(3, 'question', null));
    sound.onExperience(demo(3, 'question', null));
    sound.onExperience(demo(4, 'session_selected', 1));
    const earcons = () =>
      host.elements
        .slice(primed)
        .filter((element) => element.playedFrom.length > 0)
        .map((element) => element.url);
    expect(earcons()).toEqual(['./experiences/audio/earcon-question-none.wav', './experiences/audio/earcon-session_selected-1.wav']);
    sound.onExperience(demo(1, 'question', null));
    expect(earcons()).toHaveLength(3);
    expect(earcons()[2]).toBe('./experiences/audio/earcon-question-none.wav');

    const quiet = new FakeSoundHost();
    const off = new SoundController(quiet);
    off.onExperience(demo(5, 'approve', 2));
    off.onExperience(demo(6, 'retry', 2));
    expect(quiet.elements).toEqual([]);
  });

  it('scenario 30: browser soundtrack: delayed start from 0, seeks only past 0.75 s drift, rate = tempo, idle with kind show stops', () => {
    const host = new FakeSoundHost();
    const sound = new SoundController(host);
    sound.setEnabled(true);
    const show = (fields: Parameters<typeof experienceState>[0]) =>
      experienceState({ kind: 'show', audio_asset: 'experiences/audio/night-shift-v1.wav', duration_ms: 34_000, ...fields });
    sound.onExperience(show({ status: 'starting', start_delay_ms: 500, tempo: 1.5 }));
    const track = host.elements.at(-1)!;
    expect(track.url).toBe('./experiences/audio/night-shift-v1.wav');
    expect(track.playbackRate).toBe(1.5);
    expect(track.preservesPitch).toBe(true);
    expect(host.pendingTimers.map((timer) => timer.ms)).toEqual([500]);
    expect(track.paused).toBe(true);
    host.runTimers();
    expect(track.playedFrom).toEqual([0]);

    track.currentTime = 3.0;
    track.seeks.length = 0;
    sound.onExperience(show({ status: 'playing', elapsed_ms: 4000, tempo: 1.5 }));
    expect(track.seeks).toEqual([4]); // 1 s off: seek
    track.currentTime = 4.5;
    track.seeks.length = 0;
    sound.onExperience(show({ status: 'playing', elapsed_ms: 5000, tempo: 1.5 }));
    expect(track.seeks).toEqual([]); // 0.5 s off: leave it
    expect(track.paused).toBe(false);

    sound.onExperience(show({ status: 'idle', reason: 'stopped' }));
    expect(track.paused).toBe(true);
    expect(track.currentTime).toBe(0);
  });
});
