import { describe, expect, it } from 'vitest';
import { makeDaemonCommand } from '../../src/cli/commands/daemon.js';
import { daemonSettings } from '../../src/cli/serve-daemon.js';
import { ControlPlane } from '../../src/daemon/control-plane/index.js';
import type { DaemonHandle, SurfaceAttachment } from '../../src/daemon/daemon.js';
import type { EarconSink } from '../../src/daemon/runtime/audio-feedback.js';
import { DaemonRuntime } from '../../src/daemon/runtime/runtime.js';
import { actionPressed, experienceRequested, sessionSelected } from '../../src/domain/index.js';
import { captureIo } from '../helpers/capture-io.js';
import { FakeClock, RecordingOutbox, RecordingSurface } from '../daemon/helpers/fakes.js';
import { RecordingAudio } from '../experiences/helpers/recording-output.js';
import { playerOnSurfaces } from '../experiences/helpers/players.js';
import { hubOf } from '../helpers/hub.js';

/** A runtime playing real experiences, with one recording host audio behind both the live earcons and the player. */
function setup(options: { earcons?: EarconSink | null; sessionTtl?: number } = {}) {
  const clock = new FakeClock();
  const surface = new RecordingSurface(4);
  const audio = new RecordingAudio();
  const outbox = new RecordingOutbox();
  const surfaces = hubOf([surface]);
  const player = playerOnSurfaces(surfaces, { audio, hostScore: true });
  const runtime = new DaemonRuntime({
    plane: new ControlPlane({ selectorCapacity: 4, accentNames: surface.geometry.accentNames, sessionTtl: options.sessionTtl }),
    surfaces,
    outbox,
    clock: clock.read,
    experience: player,
    earcons: options.earcons === undefined ? audio : options.earcons,
  });
  const agent = (id: string) => ({ backend: 'codex', session_id: id });
  const line = (conn: number, message: Record<string, unknown>) => runtime.handleLine(conn, Buffer.from(JSON.stringify({ protocol: 1, ...message })));
  const state = (conn: number, id: string, s: string, extra: Record<string, unknown> = {}) =>
    line(conn, { type: 'state', state: s, agent: agent(id), ...extra });
  const press = (...events: Parameters<RecordingSurface['press']>) => {
    surface.press(...events);
    runtime.surfaceStep();
  };
  const at = (seconds: number) => {
    clock.now = seconds;
    runtime.renderStep();
  };
  return { runtime, audio, outbox, player, line, agent, state, press, at };
}

describe('experiences.md §15', () => {
  it('scenario 20: the host plays approval when an agent preempts a Show, and closes the score', () => {
    const { audio, state, press, at, player } = setup();
    at(0);
    press(experienceRequested('show'));
    at(0.6);
    expect(audio.scores).toHaveLength(1);
    state(1, 'a', 'waiting_for_approval');
    expect(player.activeKind).toBeNull();
    expect(audio.stops).toBe(1);
    expect(audio.earcons).toEqual([['approval', 0]]);
  });
});

describe('daemon --audio-feedback (control-plane.md §17.6)', () => {
  it('reports audio_feedback true only with host earcons', () => {
    expect(setup().runtime.status().audioFeedback).toBe(true);
    expect(setup({ earcons: null }).runtime.status().audioFeedback).toBe(false);
  });

  it('plays the action cue at the selected slot when a press is dispatched', () => {
    const { audio, state, line, agent, press } = setup();
    state(1, 'a', 'running');
    state(1, 'b', 'waiting_for_approval');
    press(sessionSelected(1));
    line(2, { type: 'subscribe_actions', agent: agent('b'), actions: ['approve', 'reject'] });
    audio.earcons.length = 0;
    press(actionPressed('approve'));
    expect(audio.earcons).toEqual([['approve', 1]]);
  });

  it('is silent for running, user_typing, previews and an empty Scene; unavailable has no slot without a selection', () => {
    const { audio, state, line, press } = setup();
    state(1, 'a', 'running');
    state(1, 'a', 'user_typing');
    line(1, { type: 'preview', preview_id: 'p', state: 'waiting_for_approval', ttl: 5 });
    press(sessionSelected(3));
    expect(audio.earcons).toEqual([]);
    const empty = setup();
    empty.press(actionPressed('stop'));
    expect(empty.audio.earcons).toEqual([['unavailable', null]]);
  });

  it('gives inputs during a Show no earcon, while agent states still sound', () => {
    const { audio, state, press, at } = setup();
    state(1, 'a', 'running');
    at(0);
    press(experienceRequested('show'));
    at(0.6);
    press(sessionSelected(0), actionPressed('stop'));
    state(1, 'a', 'success');
    expect(audio.earcons).toEqual([['success', 0]]);
  });

  it('forgets an agent on session_end, so the same state sounds again', () => {
    const { audio, state, line, agent } = setup();
    state(1, 'a', 'success');
    state(1, 'a', 'success');
    line(1, { type: 'session_end', agent: agent('a') });
    state(1, 'a', 'success');
    expect(audio.earcons).toEqual([
      ['success', 0],
      ['success', 0],
    ]);
  });

  it('forgets an expired agent only when some connection closes (quirk)', () => {
    const expired = () => {
      const daemon = setup({ sessionTtl: 10 });
      daemon.state(1, 'a', 'error');
      daemon.at(11);
      return daemon;
    };
    const kept = expired();
    kept.state(1, 'a', 'error');
    expect(kept.audio.earcons).toEqual([['error', 0]]);
    const forgotten = expired();
    forgotten.runtime.connectionClosed(7);
    forgotten.state(1, 'a', 'error');
    expect(forgotten.audio.earcons).toEqual([
      ['error', 0],
      ['error', 0],
    ]);
  });

  it('keeps answering when the host audio throws', () => {
    const { state, outbox } = setup({
      earcons: {
        playEarcon: () => {
          throw new Error('no sound');
        },
      },
    });
    state(1, 'a', 'waiting_for_reply', { reply: true });
    expect(outbox.messages(1).map((message) => message['type'])).toEqual(['state_ack']);
  });
});

describe('daemon command --audio-feedback', () => {
  const run = async (args: string[]) => {
    const attached: SurfaceAttachment[] = [];
    const io = captureIo('', { NO_COLOR: '1', PATH: '' });
    const command = makeDaemonCommand({
      start: async () =>
        ({ close: async () => undefined, attach: (attachment: SurfaceAttachment) => attached.push(attachment) > 0 }) as unknown as DaemonHandle,
      waitForStop: async () => 'SIGTERM',
    });
    expect(await command.run(['--socket', '/tmp/pad-lattice-audio-test.sock', ...args], io.io)).toBe(0);
    // The earcons come with the surfaces, which the command attaches once the daemon answers.
    return { options: attached[0]!, stderr: io.stderr() };
  };

  it('parses the flag into the settings', () => {
    expect(daemonSettings({ 'audio-feedback': true }, captureIo().io).audioFeedback).toBe(true);
    expect(daemonSettings({}, captureIo().io).audioFeedback).toBe(false);
  });

  it('hands the daemon host earcons with the flag, and none without', async () => {
    const on = await run(['--audio-feedback']);
    expect(typeof on.options.earcons?.playEarcon).toBe('function');
    // With an empty PATH no player exists: said once, plainly.
    expect(on.stderr.match(/host audio is unavailable: no sound player found/g)).toHaveLength(1);
    const off = await run([]);
    expect(off.options.earcons ?? null).toBeNull();
    expect(off.stderr).not.toMatch(/host audio/);
  });
});
