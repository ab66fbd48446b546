import { describe, expect, it } from 'vitest';
import { actionPressed, sessionSelected, type SurfaceEvent } from '../../src/domain/index.js';
import {
  choosePublicMode,
  initialPublicState,
  pressPublic,
  publicScreen,
  restartPublicDemo,
  setSandboxState,
  startShow,
  stopShow,
  tickPublic,
  type PublicState,
} from '../../src/web/app/public-runtime.js';
import { padModel } from '../../src/web/app/pad-model.js';
import { publicManifests } from './helpers/manifests.js';

const manifests = publicManifests();

function press(state: PublicState, ...events: SurfaceEvent[]): PublicState {
  return events.reduce((current, event) => pressPublic(manifests, current, event), state);
}

const screen = (state: PublicState) => publicScreen(manifests, state);
const sessions = (state: PublicState) => screen(state).session.surface!.view.sessions;
const actions = (state: PublicState) => screen(state).session.surface!.view.available_actions;
const audio = (state: PublicState) => {
  const experience = screen(state).session.experience!;
  return [experience.audio_cue, experience.audio_slot, experience.audio_sequence];
};
/** The top-rail buttons a user can press right now. */
const pressable = (state: PublicState) =>
  padModel(screen(state).session)
    .top.filter((light) => light.enabled)
    .map((light) => light.action);

describe('experiences.md §15', () => {
  it('scenario 31: the scenario 7 inputs reach complete with three successes and no guidance; guidance reads Select Reviewer, then Approve Reviewer', () => {
    const start = initialPublicState(manifests);
    expect(start.mode).toBe('demo');
    expect(screen(start).guidance).toEqual({ target: { event: 'select', slot: 1 }, text: 'Select Reviewer - Scene 2' });
    expect(audio(start)).toEqual(['question', null, 1]);
    expect(sessions(start).map((s) => s.label)).toEqual(['Builder', 'Reviewer', 'Tests']);

    const selected = press(start, sessionSelected(1));
    expect(screen(selected).guidance).toEqual({ target: { event: 'action', action: 'approve' }, text: 'Approve Reviewer' });
    expect(audio(selected)).toEqual(['session_selected', 1, 2]);

    const done = press(selected, actionPressed('approve'), sessionSelected(2), actionPressed('retry'));
    expect(done.demo.stage.id).toBe('complete');
    expect(sessions(done).map((s) => s.state)).toEqual(['success', 'success', 'success']);
    expect(screen(done).guidance).toBeNull();
    expect(screen(done).prompt?.title).toBe('The agents form a constellation.');
    expect(audio(done)).toEqual(['retry', 2, 5]);
    expect(screen(done).session.surface!.view.frame).toBe(4);
    expect(screen(done).session.experience).toMatchObject({ status: 'playing', kind: 'demo', cue_index: 5 });
  });

  it('scenario 31: no terminal hold — the terminal stage stays and ignores input until Restart', () => {
    const done = press(initialPublicState(manifests), sessionSelected(1), actionPressed('approve'), sessionSelected(2), actionPressed('retry'));
    expect(press(done, sessionSelected(0), actionPressed('retry'))).toBe(done);
    expect(tickPublic(manifests, done, 1e9)).toBe(done);
    const again = restartPublicDemo(manifests, done);
    expect(again.demo.stage.id).toBe('select_reviewer');
    // A new sequence number, so a browser with sound on hears the opening cue again.
    expect(audio(again)).toEqual(['question', null, 6]);
  });

  it('scenario 31: unmatched Demo input changes nothing; the reject branch follows the §5.3 audio rules', () => {
    const start = initialPublicState(manifests);
    expect(press(start, sessionSelected(2), actionPressed('approve'))).toBe(start);
    const rejected = press(start, sessionSelected(1), actionPressed('reject'));
    expect(rejected.demo.stage.id).toBe('recover_reviewer');
    expect(audio(rejected)).toEqual(['reject', 1, 3]);
    expect(screen(rejected).guidance?.text).toBe('Retry Reviewer');
    expect(pressable(rejected)).toEqual(['retry']);
  });

  it('scenario 32: Agent 1 set to waiting_for_approval offers approve and reject; approve makes it success; Agent 2 running, stop, cancelled', () => {
    const sandbox = choosePublicMode(initialPublicState(manifests), 'sandbox', 0);
    expect(sessions(sandbox).map((s) => [s.label, s.state, s.accent])).toEqual([
      ['Agent 1', 'waiting_for_reply', 'cyan'],
      ['Agent 2', 'running', 'magenta'],
      ['Agent 3', 'user_typing', 'lime'],
      ['Agent 4', 'waiting_for_approval', 'orange'],
      ['Agent 5', 'success', 'violet'],
      ['Agent 6', 'error', 'teal'],
      ['Agent 7', 'cancelled', 'rose'],
      ['Agent 8', 'waiting_for_reply', 'sky'],
    ]);
    expect(sessions(sandbox)[0]!.selected).toBe(true);
    expect(actions(sandbox)).toEqual([]);

    const waiting = setSandboxState(sandbox, 0, 'waiting_for_approval');
    expect(waiting.earcon).toBe(sandbox.earcon);
    expect(actions(waiting)).toEqual(['approve', 'reject']);
    expect(pressable(waiting)).toEqual(['approve', 'reject']);

    const approved = press(waiting, actionPressed('approve'));
    expect(sessions(approved)[0]!.state).toBe('success');
    expect(audio(approved)).toEqual(['approve', 0, sandbox.earcon.sequence + 1]);

    const second = press(approved, sessionSelected(1));
    expect(sessions(second)[1]!.selected).toBe(true);
    expect(audio(second)).toEqual(['session_selected', 1, sandbox.earcon.sequence + 2]);
    expect(actions(second)).toEqual(['stop']);
    const stopped = press(second, actionPressed('stop'));
    expect(sessions(stopped)[1]!.state).toBe('cancelled');
    expect(audio(stopped)).toEqual(['stop', 1, sandbox.earcon.sequence + 3]);
  });

  it('scenario 32: reject and retry results; an unavailable action does nothing', () => {
    const sandbox = choosePublicMode(initialPublicState(manifests), 'sandbox', 0);
    expect(press(sandbox, actionPressed('approve'))).toBe(sandbox);
    const agent4 = press(sandbox, sessionSelected(3), actionPressed('reject'));
    expect(sessions(agent4)[3]!.state).toBe('cancelled');
    expect(actions(agent4)).toEqual(['retry']);
    expect(sessions(press(agent4, actionPressed('retry')))[3]!.state).toBe('success');
  });

  it('scenario 33: Alone during cue 0, cue 79 at duration − 1, idle once 43.1 s have passed after the 500 ms lead-in', () => {
    const t0 = 10_000;
    const starting = choosePublicMode(initialPublicState(manifests), 'show', t0);
    expect(screen(starting).session.experience).toMatchObject({
      status: 'starting',
      kind: 'show',
      start_delay_ms: 500,
      duration_ms: 43_100,
      tempo: 1,
      cue_index: null,
      caption: null,
    });
    expect(padModel(screen(starting).session).showing).toBe(false);
    expect(tickPublic(manifests, starting, t0 + 499)).toBe(starting);

    const cue0 = tickPublic(manifests, starting, t0 + 500);
    expect(screen(cue0).session.experience).toMatchObject({ status: 'playing', cue_index: 0, caption: 'Alone', detail: 'Prelude - Alone', elapsed_ms: 0 });
    expect(padModel(screen(cue0).session).showing).toBe(true);
    // Within one cue the very same state comes back: nothing to redraw.
    expect(tickPublic(manifests, cue0, t0 + 530)).toBe(cue0);
    expect(screen(tickPublic(manifests, cue0, t0 + 500 + 800)).session.experience?.cue_index).toBe(1);

    const last = tickPublic(manifests, cue0, t0 + 500 + 43_099);
    expect(screen(last).session.experience).toMatchObject({ status: 'playing', cue_index: 79 });
    const ended = tickPublic(manifests, last, t0 + 500 + 43_100);
    expect(ended.show).toEqual({ status: 'idle', elapsedMs: 43_099, reason: 'complete' });
    expect(screen(ended).session.experience).toMatchObject({ status: 'idle', kind: 'show', reason: 'complete' });
    expect(screen(ended).session.performance).toBeNull();
    expect(padModel(screen(ended).session).showing).toBe(false);
  });

  it('scenario 33: the Show ignores the pad; Stop and leaving Show mode stop playback', () => {
    const playing = tickPublic(manifests, choosePublicMode(initialPublicState(manifests), 'show', 0), 600);
    expect(press(playing, sessionSelected(1), actionPressed('approve'))).toBe(playing);
    expect(padModel(screen(playing).session).top.some((light) => light.enabled)).toBe(false);
    const stopped = stopShow(playing);
    expect(screen(stopped).session.experience).toMatchObject({ status: 'idle', kind: 'show', reason: 'stopped' });
    expect(startShow(stopped, 5_000).show).toEqual({ status: 'starting', startsAtMs: 5_500, elapsedMs: 0 });
    const left = choosePublicMode(playing, 'demo', 700);
    expect(left.show.status).toBe('idle');
    expect(tickPublic(manifests, left, 5_000)).toBe(left);
  });
});

describe('offline app modes', () => {
  it('switching modes keeps each mode where it was and never re-announces an earcon', () => {
    const demo = press(initialPublicState(manifests), sessionSelected(1));
    const sandbox = choosePublicMode(demo, 'sandbox', 0);
    expect(audio(sandbox)).toEqual(audio(demo));
    const back = choosePublicMode(press(sandbox, sessionSelected(4)), 'demo', 0);
    expect(back.demo).toBe(demo.demo);
    expect(audio(back)[2]).toBe((audio(demo)[2] as number) + 1);
  });

  it('the packaged Show plays through the same runtime', () => {
    const packaged = publicManifests('packaged');
    const playing = tickPublic(packaged, choosePublicMode(initialPublicState(packaged), 'show', 0), 500);
    const experience = publicScreen(packaged, playing).session.experience!;
    expect(experience).toMatchObject({ status: 'playing', cue_index: 0, title: packaged.show.manifest.title });
    expect(experience.audio_asset).toBe(`experiences/${packaged.show.manifest.audio.asset}`);
    expect(publicScreen(packaged, playing).session.performance?.grid).toHaveLength(8);
  });
});
