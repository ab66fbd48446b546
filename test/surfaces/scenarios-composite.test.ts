import { describe, expect, it } from 'vitest';
import { ControlPlane } from '../../src/daemon/control-plane/index.js';
import { buildStatusReport } from '../../src/daemon/runtime/status-report.js';
import { IDENTITY_ACCENTS, IDLE_EXPERIENCE_VIEW } from '../../src/domain/index.js';
import { SurfaceHub } from '../../src/surfaces/index.js';
import { fixedSurface, hubOf } from '../helpers/hub.js';
import { recordingLogger } from '../midi-grid/helpers.js';
import { color, mockSurface, PRO_MK1, uniformShow, view } from '../render/helpers.js';
import { FakeSurface } from './fake-surface.js';

/*
 * The spec's composite surface (midi-rendering.md §13) is the surface hub
 * here: the one fan-out of every surface the daemon drives. Where the hub
 * deliberately differs, the test says so: a surface that throws is dropped
 * and the others still get the call (one unplugged device must not blank the
 * rest), a hub may be empty (a daemon without surfaces runs headless), and
 * `serial` and `hid` join `midi` and `web` as kinds.
 */
describe('midi-rendering.md §16', () => {
  it('scenario 32: views, Show frames and experience updates reach every surface in order; events merge in order; close closes all', () => {
    const log: string[] = [];
    const web = new FakeSurface('virtual/browser', log, 'web');
    const midi = mockSurface(PRO_MK1);
    const hub = hubOf([web, midi.surface]);
    hub.render(view({ selectedState: 'success' }));
    hub.renderShowFrame(uniformShow(color('accent:cyan:selected', [0, 174, 187])));
    // The MIDI surface has no setExperience; the hub passes the lifecycle to the surfaces that do.
    hub.setExperience({ ...IDLE_EXPERIENCE_VIEW, status: 'playing', kind: 'show' });
    expect(log).toEqual([
      'virtual/browser.initialize',
      'virtual/browser.render success',
      'virtual/browser.show accent:cyan:selected',
      'virtual/browser.experience playing',
    ]);
    // The MIDI surface got the same calls: startup, the success glyph, then an RGB Show.
    expect(midi.output.sent.slice(82).filter((m) => m[0] === 0x90 && m[2] === 21)).toHaveLength(9);
    expect(midi.output.sent.at(-1)![0]).toBe(0xf0);

    web.pending.push({ type: 'experience_requested', kind: 'demo' });
    midi.input.injectHex('B0 5B 7F');
    web.pending.push({ type: 'session_selected', slot: 2 });
    expect(hub.pollEvents()).toEqual([
      { type: 'experience_requested', kind: 'demo' },
      { type: 'session_selected', slot: 2 },
      { type: 'action_pressed', action: 'approve' },
    ]);

    hub.close();
    expect(log.at(-1)).toBe('virtual/browser.close');
    expect(midi.output.isOpen()).toBe(false);
    expect(midi.input.isOpen()).toBe(false);
    hub.close();
    expect(web.closeCalls).toBe(1);
  });

  it('scenario 32 (deliberate difference): a surface that throws is dropped and reported once; the others still get every frame', () => {
    const log: string[] = [];
    const logger = recordingLogger();
    const a = new FakeSurface('a/b/c', log);
    const b = new FakeSurface('d/e/f', log);
    a.failRender = new Error('unplugged');
    const hub = hubOf([a, b], logger);
    hub.render(view({ selectedState: 'error' }));
    hub.render(view({ selectedState: 'success' }));
    expect(log).toEqual(['a/b/c.initialize', 'd/e/f.initialize', 'a/b/c.render error', 'a/b/c.close', 'd/e/f.render error', 'd/e/f.render success']);
    expect(hub.descriptors.map((d) => d.profile)).toEqual(['d/e/f']);
    expect(logger.lines.filter((line) => line.includes('lost a/b/c (render: unplugged); it is not opened again'))).toHaveLength(1);
  });

  it('scenario 33: a surface that fails to initialise is closed and its own error thrown; closing the hub closes the rest, last opened first', () => {
    const log: string[] = [];
    const first = new FakeSurface('one/x/y', log);
    const second = new FakeSurface('two/x/y', log);
    const third = new FakeSurface('three/x/y', log);
    second.failInitialize = new Error('browser port in use');
    second.failClose = new Error('close failed too');
    const hub = new SurfaceHub({ logger: recordingLogger() });
    hub.add(fixedSurface(first));
    expect(() => hub.add(fixedSurface(second))).toThrow('browser port in use');
    hub.add(fixedSurface(third));
    hub.close();
    expect(log).toEqual(['one/x/y.initialize', 'two/x/y.initialize', 'two/x/y.close', 'three/x/y.initialize', 'three/x/y.close', 'one/x/y.close']);
    hub.close();
    expect([first.closeCalls, second.closeCalls, third.closeCalls]).toEqual([1, 1, 1]);
  });

  it('scenario 33: a close that throws does not stop the others from closing', () => {
    const log: string[] = [];
    const first = new FakeSurface('one/x/y', log);
    const second = new FakeSurface('two/x/y', log);
    first.failClose = new Error('first failed');
    second.failClose = new Error('second failed');
    const hub = hubOf([first, second]);
    expect(() => hub.close()).not.toThrow();
    expect(log.slice(2)).toEqual(['two/x/y.close', 'one/x/y.close']);
  });

  it('scenario 34: every surface must have the hub’s selector capacity, accent order and visual protocol', () => {
    const log: string[] = [];
    const hub = hubOf([new FakeSurface('virtual/browser', log)]);
    const join = (surface: FakeSurface) => () => hub.add(fixedSurface(surface), surface.profileId);
    expect(join(new FakeSurface('a/b/c', log, 'midi', 4, IDENTITY_ACCENTS.slice(0, 4)))).toThrow('selector capacity');
    const reordered = ['magenta', 'cyan', 'lime', 'orange', 'violet', 'teal', 'rose', 'sky'];
    expect(join(new FakeSurface('a/b/d', log, 'midi', 8, reordered))).toThrow('accent order');
    expect(join(new FakeSurface('a/b/e', log, 'midi', 8, IDENTITY_ACCENTS, 2))).toThrow('visual protocol');
    expect(() => hub.add(fixedSurface(mockSurface(PRO_MK1).surface))).not.toThrow();
    // Deliberate difference: an empty hub is no error; it is a daemon without surfaces, which runs headless.
    expect(new SurfaceHub({ logger: recordingLogger() }).descriptors).toEqual([]);
  });

  it('scenario 35: descriptors keep the surfaces’ order and kinds; status joins profile ids with + and ports with "; "', () => {
    const log: string[] = [];
    const midi = mockSurface(PRO_MK1);
    const hub = hubOf([new FakeSurface('virtual/browser', log, 'web'), midi.surface]);
    expect(hub.descriptors).toEqual([
      { kind: 'web', profile: 'virtual/browser', visualProtocol: 1, input: 'virtual/browser in', output: 'virtual/browser out' },
      { kind: 'midi', profile: 'novation/launchpad/pro-mk1', visualProtocol: 1, input: midi.input.name, output: midi.output.name },
    ]);
    const plane = new ControlPlane({ selectorCapacity: 8, accentNames: IDENTITY_ACCENTS });
    const status = buildStatusReport({ plane, surfaces: hub, activityMotion: false, audioFeedback: false, experience: null });
    expect(status).toMatchObject({
      profile: 'virtual/browser+novation/launchpad/pro-mk1',
      input: `virtual/browser in; ${midi.input.name}`,
      output: `virtual/browser out; ${midi.output.name}`,
    });
    // Deliberate difference: monome grids and Stream Decks are surfaces of their own kinds.
    hub.add(fixedSurface(new FakeSurface('monome/grid/128', log, 'serial')), 'grid');
    expect(hub.descriptors.map((d) => d.kind)).toEqual(['web', 'midi', 'serial']);
  });
});
