import { describe, expect, it } from 'vitest';
import { id, makePlane } from './helpers.js';
import { AudioCueDecider, type AudioCue } from '../../src/daemon/control-plane/index.js';

const X = id('X');

describe('control-plane.md §21', () => {
  it('scenario 70: state, selection and press cues follow the announced-state record', () => {
    const plane = makePlane({ actionDebounce: 0 });
    const decider = new AudioCueDecider();
    const cues: (AudioCue | null)[] = [];
    for (const [index, state] of (['running', 'waiting_for_reply', 'waiting_for_reply', 'waiting_for_approval', 'success'] as const).entries()) {
      const effective = plane.update(X, state, index + 1);
      cues.push(decider.decide({ type: 'state_effective', identity: X, state: effective.state, slot: effective.slot }));
    }
    expect(cues.filter((cue) => cue !== null)).toEqual([
      { kind: 'state', cue: 'question', slot: 0 },
      { kind: 'state', cue: 'approval', slot: 0 },
      { kind: 'state', cue: 'success', slot: 0 },
    ]);

    expect(plane.selectSlot(0, 6)).toBe(true);
    expect(decider.decide({ type: 'scene_selected', slot: 0 })).toEqual({ kind: 'session_selected', slot: 0 });

    plane.update(X, 'waiting_for_approval', 7);
    plane.subscribe(1, X, ['approve'], 'req', true, 7);
    const approved = plane.dispatch('approve', 8);
    expect(approved).not.toBeNull();
    expect(decider.decide({ type: 'action_dispatched', action: approved!.action })).toEqual({ kind: 'action', action: 'approve' });
    expect(plane.dispatch('reject', 9)).toBeNull();
    expect(decider.decide({ type: 'action_unavailable' })).toEqual({ kind: 'unavailable' });
  });
});

describe('audio cue record (control-plane.md §17.6)', () => {
  it('forgets an identity on session_end so the same state is announced again', () => {
    const decider = new AudioCueDecider();
    const announce = () => decider.decide({ type: 'state_effective', identity: X, state: 'error', slot: 2 });
    expect(announce()).toEqual({ kind: 'state', cue: 'error', slot: 2 });
    expect(announce()).toBeNull();
    decider.decide({ type: 'session_ended', identity: X });
    expect(announce()).toEqual({ kind: 'state', cue: 'error', slot: 2 });
  });

  it('keeps the record of a still-registered identity on connection close and drops the others', () => {
    const decider = new AudioCueDecider();
    const Y = id('Y');
    decider.decide({ type: 'state_effective', identity: X, state: 'cancelled', slot: 0 });
    decider.decide({ type: 'state_effective', identity: Y, state: 'cancelled', slot: 1 });
    decider.decide({ type: 'connection_closed', registered: [X] });
    expect(decider.decide({ type: 'state_effective', identity: X, state: 'cancelled', slot: 0 })).toBeNull();
    expect(decider.decide({ type: 'state_effective', identity: Y, state: 'cancelled', slot: 1 })).toEqual({
      kind: 'state',
      cue: 'cancelled',
      slot: 1,
    });
  });

  it('records silent states so a return to the previous state is announced', () => {
    const decider = new AudioCueDecider();
    const state = (value: 'waiting_for_reply' | 'user_typing') => decider.decide({ type: 'state_effective', identity: X, state: value, slot: 0 });
    expect(state('waiting_for_reply')).not.toBeNull();
    expect(state('user_typing')).toBeNull();
    expect(state('waiting_for_reply')).toEqual({ kind: 'state', cue: 'question', slot: 0 });
  });
});
