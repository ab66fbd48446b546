import { describe, expect, it } from 'vitest';
import { type ManifestError, parseDemoManifest } from '../../src/experiences/index.js';
import { DEMO_PATH, clone, manifestRejection, readJson, schemaErrors, type Json } from './helpers/files.js';

const packaged = readJson(DEMO_PATH) as Json;

/** The loader's error for a copy of the packaged Demo changed by `mutate`. */
const rejection = (mutate: (demo: Json) => void): ManifestError =>
  manifestRejection(clone(packaged), mutate, (demo) => parseDemoManifest(demo, 'demo'), 'Demo');

const stage = (demo: Json, id: string): Json => demo['stages'].find((s: Json) => s['id'] === id);

describe('experiences.md §15', () => {
  it('scenario 1: the packaged Demo loads with 6 stages from select_reviewer, guided to select slot 1', () => {
    expect(packaged['schema_version']).toBe(1);
    const demo = parseDemoManifest(packaged, DEMO_PATH);
    expect(demo.stages).toHaveLength(6);
    expect(demo.initialStage).toBe('select_reviewer');
    expect(demo.stages[0]!.id).toBe('select_reviewer');
    expect(demo.stages[0]!.guideTarget).toEqual({ event: 'select', slot: 1 });
  });

  const cases: [string, (demo: Json) => void, RegExp][] = [
    ['next_stage missing', (d) => (d['stages'][0]['transitions'][0]['next_stage'] = 'missing'), /unknown stage/],
    ['first guide slot 2', (d) => (d['stages'][0]['guide_target']['slot'] = 2), /guide target/],
    [
      'terminal stage with a transition',
      (d) => stage(d, 'complete')['transitions'].push({ event: 'select', slot: 0, action: null, next_stage: 'select_reviewer', audio: null }),
      /terminal but has transitions/,
    ],
    ['non-terminal stage without transitions', (d) => (stage(d, 'select_tests')['transitions'] = []), /nonterminal but has no transitions/],
    ['non-terminal stage without guide', (d) => (stage(d, 'retry_tests')['guide_target'] = null), /has no guide target/],
    ['session slot differs from its index', (d) => (d['stages'][0]['view']['sessions'][1]['slot'] = 2), /sessions\[1\]\.slot.*index/],
    ['two selected sessions', (d) => (d['stages'][0]['view']['sessions'][1]['selected'] = true), /more than one selected/],
    [
      'select transition to an empty slot',
      (d) => {
        d['stages'][0]['transitions'][0]['slot'] = 5;
        d['stages'][0]['guide_target']['slot'] = 5;
      },
      /selects a missing session/,
    ],
    ['action not available', (d) => (stage(d, 'approve_reviewer')['view']['available_actions'] = ['reject']), /uses an unavailable action/],
    ['an unreachable stage', (d) => d['stages'].push({ ...clone(stage(d, 'complete')), id: 'nobody_comes_here' }), /unreachable/],
    ['a duplicated stage id', (d) => d['stages'].push(clone(stage(d, 'complete'))), /duplicate IDs/],
    ['an extra key at the root', (d) => (d['extra'] = 1), /unknown key "extra"/],
    ['an extra key in a prompt', (d) => (d['stages'][2]['prompt']['subtitle'] = 'x'), /stages\[2\]\.prompt: has unknown key "subtitle"/],
    ['an extra key in a transition', (d) => (d['stages'][1]['transitions'][1]['weight'] = 1), /transitions\[1\]: has unknown key/],
    ['schema_version 2', (d) => (d['schema_version'] = 2), /unsupported schema_version/],
    ['kind performance', (d) => (d['kind'] = 'performance'), /kind/],
    ['65 stages', (d) => d['stages'].push(...Array.from({ length: 59 }, (_, i) => ({ ...clone(stage(d, 'complete')), id: `extra_${i}` }))), /stages.*64/],
    ['terminal: 1', (d) => (stage(d, 'complete')['terminal'] = 1), /terminal: must be a boolean/],
    ['slot: true', (d) => (d['stages'][0]['view']['sessions'][0]['slot'] = true), /slot: must be an integer/],
  ];

  for (const [name, mutate, keyword] of cases) {
    it(`scenario 3: the Demo loader rejects ${name}`, () => {
      expect(rejection(mutate).message).toMatch(keyword);
    });
  }
});

describe('Demo Manifest 1 loader', () => {
  it('the packaged Demo is valid under our published JSON Schema', () => {
    expect(schemaErrors('demo', packaged)).toBeNull();
  });

  it('errors name the source and the JSON location', () => {
    const error = rejection((d) => (d['stages'][3]['view']['sessions'][2]['state'] = 'asleep'));
    expect(error.location).toBe('demo.stages[3].view.sessions[2].state');
    expect(error.message).toMatch(/^demo\.stages\[3\]\.view\.sessions\[2\]\.state: must be one of running/);
  });

  it('checks schema_version before kind', () => {
    expect(rejection((d) => Object.assign(d, { schema_version: 3, kind: 'show' })).message).toMatch(/unsupported schema_version/);
  });

  it('reports a missing key and refuses whitespace-only strings', () => {
    expect(rejection((d) => delete d['stages'][0]['enter_audio']).message).toBe('demo.stages[0].enter_audio: is missing');
    expect(rejection((d) => (d['title'] = '   ')).location).toBe('demo.title');
  });

  it('refuses an action transition with a slot, and a select with an action', () => {
    expect(rejection((d) => (stage(d, 'retry_tests')['transitions'][0]['slot'] = 2)).message).toMatch(/slot: must be null for an action/);
    expect(rejection((d) => (d['stages'][0]['transitions'][0]['action'] = 'approve')).message).toMatch(/action: must be null for a select/);
    expect(rejection((d) => (d['stages'][0]['transitions'][0]['event'] = 'hover')).message).toMatch(/event: must be one of "select", "action"/);
  });

  it('accepts only the eight accents, the eleven earcons and no repeated action', () => {
    expect(rejection((d) => (d['stages'][0]['view']['sessions'][0]['accent'] = 'gold')).location).toBe('demo.stages[0].view.sessions[0].accent');
    expect(rejection((d) => (d['stages'][0]['enter_audio'] = 'fanfare')).message).toMatch(/earcons/);
    expect(rejection((d) => (d['stages'][0]['transitions'][0]['audio'] = 'fanfare')).location).toBe('demo.stages[0].transitions[0].audio');
    expect(rejection((d) => stage(d, 'approve_reviewer')['view']['available_actions'].push('approve')).message).toMatch(/repeats "approve"/);
  });

  it('allows cycles and a Demo without a terminal stage', () => {
    const copy = clone(packaged);
    const last = stage(copy, 'complete');
    Object.assign(last, {
      terminal: false,
      guide_target: { event: 'select', slot: 0, action: null },
      transitions: [{ event: 'select', slot: 0, action: null, next_stage: 'select_reviewer', audio: null }],
    });
    expect(parseDemoManifest(copy).stages.some((s) => s.terminal)).toBe(false);
  });

  it('gives each stage a complete view in slot order with its index', () => {
    const demo = parseDemoManifest(packaged);
    expect(demo.stages.map((s) => s.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(demo.stages[1]!.sessions.map((s) => [s.slot, s.label, s.accent, s.selected])).toEqual([
      [0, 'Builder', 'cyan', false],
      [1, 'Reviewer', 'magenta', true],
      [2, 'Tests', 'lime', false],
    ]);
    expect(demo.stages[1]!.transitions).toEqual([
      { event: 'action', action: 'approve', nextStage: 'select_tests', audio: 'approve' },
      { event: 'action', action: 'reject', nextStage: 'recover_reviewer', audio: 'reject' },
    ]);
  });
});
