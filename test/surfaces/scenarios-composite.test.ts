import { describe, expect, it } from 'vitest';
import { IDLE_EXPERIENCE_VIEW } from '../../src/domain/index.js';
import { CompositeSurface, CompositeSurfaceError } from '../../src/surfaces/composite-surface.js';
import { FakeSurface } from '../render/fake-surface.js';
import { color, mockSurface, PRO_MK1, uniformShow, view } from '../render/helpers.js';

describe('midi-rendering.md §16', () => {
  it('scenario 32: views and Show frames reach every member in order; events merge in member order; close closes all', () => {
    const log: string[] = [];
    const web = new FakeSurface('virtual/browser', log, 'web');
    const midi = mockSurface(PRO_MK1);
    const composite = new CompositeSurface([web, midi.surface]);
    composite.initialize();
    composite.render(view({ selectedState: 'success' }));
    composite.renderShowFrame(uniformShow(color('accent:cyan:selected', [0, 174, 187])));
    // The MIDI member has no setExperience; the composite passes the lifecycle to the members that do.
    composite.setExperience({ ...IDLE_EXPERIENCE_VIEW, status: 'playing', kind: 'show' });
    expect(log).toEqual([
      'virtual/browser.initialize',
      'virtual/browser.render success',
      'virtual/browser.show accent:cyan:selected',
      'virtual/browser.experience playing',
    ]);
    // The MIDI member got the same calls: startup, the success glyph, then an RGB Show.
    expect(midi.output.sent.slice(82).filter((m) => m[0] === 0x90 && m[2] === 21)).toHaveLength(9);
    expect(midi.output.sent.at(-1)![0]).toBe(0xf0);

    web.pending.push({ type: 'experience_requested', kind: 'demo' });
    midi.input.injectHex('B0 5B 7F');
    web.pending.push({ type: 'session_selected', slot: 2 });
    expect(composite.pollEvents()).toEqual([
      { type: 'experience_requested', kind: 'demo' },
      { type: 'session_selected', slot: 2 },
      { type: 'action_pressed', action: 'approve' },
    ]);

    composite.close();
    expect(log.at(-1)).toBe('virtual/browser.close');
    expect(midi.output.isOpen()).toBe(false);
    expect(midi.input.isOpen()).toBe(false);
    composite.close();
    expect(web.closeCalls).toBe(1);
  });

  it('scenario 32: a member that throws stops the fan-out for that call', () => {
    const log: string[] = [];
    const a = new FakeSurface('a/b/c', log);
    const b = new FakeSurface('d/e/f', log);
    a.failRender = new Error('unplugged');
    const composite = new CompositeSurface([a, b]);
    expect(() => composite.render(view({ selectedState: 'error' }))).toThrow('unplugged');
    expect(log).toEqual(['a/b/c.render error']);
  });

  it('scenario 33: when the second member fails initialize(), the original error is re-thrown and all members close in reverse order', () => {
    const log: string[] = [];
    const first = new FakeSurface('one/x/y', log);
    const second = new FakeSurface('two/x/y', log);
    const third = new FakeSurface('three/x/y', log);
    second.failInitialize = new Error('browser port in use');
    second.failClose = new Error('close failed too');
    const composite = new CompositeSurface([first, second, third]);
    expect(() => composite.initialize()).toThrow('browser port in use');
    expect(log).toEqual([
      'one/x/y.initialize',
      'two/x/y.initialize',
      // QUIRK choice: members after the failing one are closed as well.
      'three/x/y.close',
      'two/x/y.close',
      'one/x/y.close',
    ]);
    composite.close();
    expect(first.closeCalls).toBe(1);
  });

  it('scenario 33: close() attempts every member in reverse order and re-throws the first error', () => {
    const log: string[] = [];
    const first = new FakeSurface('one/x/y', log);
    const second = new FakeSurface('two/x/y', log);
    first.failClose = new Error('first failed');
    second.failClose = new Error('second failed');
    expect(() => new CompositeSurface([first, second]).close()).toThrow('second failed');
    expect(log).toEqual(['two/x/y.close', 'one/x/y.close']);
  });

  it('scenario 34: members must agree on selector capacity, accent order and visual protocol; an empty list is an error', () => {
    const log: string[] = [];
    const browser = new FakeSurface('virtual/browser', log);
    expect(() => new CompositeSurface([])).toThrow(CompositeSurfaceError);
    expect(() => new CompositeSurface([browser, new FakeSurface('a/b/c', log, 'midi', 4, ['cyan', 'magenta', 'lime', 'orange'])])).toThrow('selector capacity');
    const reordered = ['magenta', 'cyan', 'lime', 'orange', 'violet', 'teal', 'rose', 'sky'];
    expect(() => new CompositeSurface([browser, new FakeSurface('a/b/c', log, 'midi', 8, reordered)])).toThrow('accent order');
    expect(() => new CompositeSurface([browser, new FakeSurface('a/b/c', log, 'midi', 8, browser.accentNames, 2)])).toThrow('visual protocol');
    expect(() => new CompositeSurface([browser, mockSurface(PRO_MK1).surface])).not.toThrow();
  });

  it('scenario 35: descriptors keep member order and kinds, an unknown kind is an error, profileId joins ids with +', () => {
    const log: string[] = [];
    const midi = mockSurface(PRO_MK1);
    const composite = new CompositeSurface([new FakeSurface('virtual/browser', log, 'web'), midi.surface]);
    expect(composite.profileId).toBe('virtual/browser+novation/launchpad/pro-mk1');
    expect(composite.surfaceKind).toBe('composite');
    expect(composite.inputName).toBe(`virtual/browser in; ${midi.input.name}`);
    expect(composite.outputName).toBe(`virtual/browser out; ${midi.output.name}`);
    expect(composite.selectorCapacity).toBe(8);
    expect(composite.visualProtocol).toBe(1);
    expect(composite.descriptors).toEqual([
      { kind: 'web', profile: 'virtual/browser', visualProtocol: 1, input: 'virtual/browser in', output: 'virtual/browser out' },
      { kind: 'midi', profile: 'novation/launchpad/pro-mk1', visualProtocol: 1, input: midi.input.name, output: midi.output.name },
    ]);
    const nested = new CompositeSurface([new FakeSurface('virtual/browser', log, 'web'), composite]);
    expect(() => nested.descriptors).toThrow('only midi and web');
  });
});
