import { describe, expect, it } from 'vitest';
import { actionPressed, sessionSelected } from '../../src/domain/index.js';
import { DemoRun, demoGuidance } from '../../src/experiences/index.js';
import { packagedDemo, recordingPlayer } from './helpers/players.js';

describe('experiences.md §15', () => {
  it('scenario 7: the happy path renders 5 stage views with the 5.5 audio table and host earcons', () => {
    const { player, output, audio } = recordingPlayer();
    expect(player.start('demo', 0)).toBe(true);
    for (const event of [sessionSelected(1), actionPressed('approve'), sessionSelected(2), actionPressed('retry')]) player.handleEvent(event, 1);
    const views = output.views;
    expect(views).toHaveLength(5);
    expect(views.map((view) => view.selectedState)).toEqual(['running', 'waiting_for_approval', 'success', 'error', 'success']);
    expect(views[0]!.sessions[0]).toMatchObject({ slot: 0, label: 'Builder' });
    expect(views.map((view) => view.frame)).toEqual([0, 1, 2, 3, 4]);
    expect(output.experiences.map((v) => [v.status, v.kind, v.cueIndex, v.audioCue, v.audioSlot, v.audioSequence])).toEqual([
      ['playing', 'demo', 0, 'question', null, 1],
      ['playing', 'demo', 1, 'session_selected', 1, 2],
      ['playing', 'demo', 3, 'approve', 1, 3],
      ['playing', 'demo', 4, 'session_selected', 2, 4],
      ['playing', 'demo', 5, 'retry', 2, 5],
    ]);
    expect(audio.earcons).toEqual([
      ['question', null],
      ['session_selected', 1],
      ['approve', 1],
      ['session_selected', 2],
      ['retry', 2],
    ]);
    // Each publication is the view first, then the lifecycle (§5.2).
    expect(output.log.map((entry) => entry.kind)).toEqual(Array.from({ length: 5 }, () => ['view', 'experience']).flat());
  });

  it('scenario 7: a Demo playing view carries the title, prompt title as caption and detail', () => {
    const { player, output } = recordingPlayer();
    player.start('demo', 0);
    expect(output.experiences[0]).toEqual({
      status: 'playing',
      kind: 'demo',
      title: 'Three Agents, One Surface',
      cueIndex: 0,
      caption: 'The Reviewer needs you.',
      detail: expect.stringContaining('Scene 2'),
      elapsedMs: 0,
      durationMs: null,
      tempo: 1,
      audioAsset: null,
      audioCue: 'question',
      audioSlot: null,
      audioSequence: 1,
      startDelayMs: 0,
      reason: null,
    });
  });

  it('scenario 8: the terminal stage holds 2.0 s, then the Demo goes idle with reason complete', () => {
    const { player, output } = recordingPlayer();
    player.start('demo', 0);
    const t = 10;
    for (const event of [sessionSelected(1), actionPressed('approve'), sessionSelected(2), actionPressed('retry')]) player.handleEvent(event, t);
    const sent = output.log.length;
    expect(player.tick(t + 1.999)).toBe(false);
    expect(output.log).toHaveLength(sent);
    expect(player.activeKind).toBe('demo');
    expect(player.tick(t + 2.0)).toBe(true);
    expect(output.experiences.at(-1)).toMatchObject({ status: 'idle', kind: 'demo', reason: 'complete', cueIndex: null, audioSequence: 0 });
    expect(player.activeKind).toBeNull();
    expect(player.lastStopReason).toBe('complete');
  });

  it('scenario 9: the reject branch visits stages 1, 2, 3 with reject then retry on slot 1', () => {
    const { player, output, audio } = recordingPlayer();
    player.start('demo', 0);
    for (const event of [sessionSelected(1), actionPressed('reject'), actionPressed('retry')]) player.handleEvent(event, 1);
    expect(output.experiences.map((v) => v.cueIndex)).toEqual([0, 1, 2, 3]);
    expect(output.experiences.slice(2).map((v) => [v.audioCue, v.audioSlot])).toEqual([
      ['reject', 1],
      ['retry', 1],
    ]);
    expect(audio.earcons.slice(2)).toEqual([
      ['reject', 1],
      ['retry', 1],
    ]);
  });

  it('scenario 10: unmatched inputs and inputs in the terminal stage change nothing and are silent', () => {
    const { player, output, audio } = recordingPlayer();
    player.start('demo', 0);
    const quiet = () => [output.log.length, audio.earcons.length];
    let before = quiet();
    player.handleEvent(sessionSelected(2), 1);
    player.handleEvent(actionPressed('approve'), 1);
    expect(quiet()).toEqual(before);
    player.handleEvent(sessionSelected(1), 1);
    player.handleEvent(actionPressed('approve'), 1); // now in select_tests
    before = quiet();
    player.handleEvent(actionPressed('approve'), 1);
    player.handleEvent(sessionSelected(0), 1);
    expect(quiet()).toEqual(before);
    player.handleEvent(sessionSelected(2), 1);
    player.handleEvent(actionPressed('retry'), 1); // terminal
    before = quiet();
    for (const event of [sessionSelected(0), sessionSelected(1), actionPressed('retry'), actionPressed('stop')]) player.handleEvent(event, 1.5);
    expect(quiet()).toEqual(before);
  });

  it('scenario 18: a second start during a Demo returns false, sends nothing, and the Demo continues', () => {
    const { player, output } = recordingPlayer();
    player.start('demo', 0);
    const sent = output.log.length;
    expect(player.start('show', 1)).toBe(false);
    expect(player.start('demo', 1)).toBe(false);
    expect(output.log).toHaveLength(sent);
    player.handleEvent(sessionSelected(1), 2);
    expect(output.experiences.at(-1)).toMatchObject({ kind: 'demo', cueIndex: 1 });
  });
});

describe('Demo runtime', () => {
  it('keeps the publication and audio counters across runs; a silent stage keeps the sequence', () => {
    const { player, output } = recordingPlayer();
    player.start('demo', 0);
    player.handleEvent(sessionSelected(1), 0);
    expect(player.stop('stopped')).toBe(true);
    expect(output.experiences.at(-1)).toMatchObject({ status: 'idle', kind: 'demo', reason: 'stopped' });
    player.start('demo', 5);
    expect(output.views.at(-1)!.frame).toBe(2);
    expect(output.experiences.at(-1)).toMatchObject({ cueIndex: 0, audioSequence: 3 });
  });

  it('announces each stage for a terminal: prompt title and indented detail', () => {
    const lines: string[] = [];
    const { player } = recordingPlayer({ announce: (line) => lines.push(line) });
    player.start('demo', 0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^The Reviewer needs you\.\n {2}\S/);
  });

  it('does nothing for inputs, ticks or stops while idle', () => {
    const { player, output } = recordingPlayer();
    player.handleEvent(sessionSelected(1), 0);
    expect(player.tick(100)).toBe(false);
    expect(player.stop('stopped')).toBe(false);
    expect(output.log).toEqual([]);
  });

  it('block() tells the surfaces and leaves the Demo playing', () => {
    const { player, output } = recordingPlayer();
    player.start('demo', 0);
    player.block('show', 'This command is prepared for demo.');
    expect(output.experiences.at(-1)).toMatchObject({ status: 'blocked', kind: 'show', reason: 'This command is prepared for demo.', title: null });
    expect(player.activeKind).toBe('demo');
  });
});

describe('experiences.md §15 (the local Demo)', () => {
  it('scenario 31: the scenario 7 inputs reach complete with three successes; guidance reads Select Reviewer, then Approve Reviewer', () => {
    const run = new DemoRun(packagedDemo());
    expect(demoGuidance(run.current)?.text).toBe('Select Reviewer - Scene 2');
    expect(demoGuidance(run.current)?.target).toEqual({ event: 'select', slot: 1 });
    run.advance(sessionSelected(1));
    expect(demoGuidance(run.current)).toEqual({ target: { event: 'action', action: 'approve' }, text: 'Approve Reviewer' });
    for (const event of [actionPressed('approve'), sessionSelected(2), actionPressed('retry')]) run.advance(event);
    expect(run.current.id).toBe('complete');
    expect(run.current.sessions.map((session) => session.state)).toEqual(['success', 'success', 'success']);
    expect(demoGuidance(run.current)).toBeNull();
    expect(run.inputs).toEqual([1, 'approve', 2, 'retry']);
  });

  it('guidance falls back to "selected agent" when nothing is selected', () => {
    const stage = { ...packagedDemo().stages[1]!, sessions: packagedDemo().stages[1]!.sessions.map((s) => ({ ...s, selected: false })) };
    expect(demoGuidance(stage)?.text).toBe('Approve selected agent');
  });
});
