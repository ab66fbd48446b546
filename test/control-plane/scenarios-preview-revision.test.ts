import { describe, expect, it } from 'vitest';
import { id, makePlane } from './helpers.js';
import { PREVIEW_CONFLICT_OTHER_OWNER } from '../../src/daemon/control-plane/index.js';

const X = id('X');

describe('control-plane.md §21', () => {
  it('scenario 57: a preview overrides the rendered state and blocks presses until it expires', () => {
    const plane = makePlane();
    plane.update(X, 'running', 1);
    plane.subscribe(1, X, ['stop'], null, false, 1);
    expect(plane.setPreview(20, 'preview', 'success', 3.0)).toEqual({ ok: true });
    expect(plane.session(X)?.state).toBe('running');
    expect(plane.surfaceView(0, true)).toMatchObject({ selectedState: 'success', activityMotion: false });
    expect(plane.availableActions().size).toBe(0);
    expect(plane.dispatch('stop', 2)).toBeNull();
    expect(plane.setPreview(21, 'other', 'error', 3.0)).toEqual({
      ok: false,
      code: 'preview_conflict',
      message: PREVIEW_CONFLICT_OTHER_OWNER,
    });
    expect(plane.tick(3.0)).toBe(true);
    expect(plane.previewActive()).toBe(false);
    expect(plane.availableActions()).toEqual(new Set(['stop']));
  });

  it('scenario 58: after expiry the real state renders and the owner may start a new preview', () => {
    const plane = makePlane();
    plane.update(X, 'running', 0.5);
    plane.setPreview(20, 'preview', 'error', 1.0 + 1.0);
    plane.tick(2.1);
    expect(plane.previewActive()).toBe(false);
    expect(plane.surfaceView(0, false).selectedState).toBe('running');
    expect(plane.endPreview(20, 'preview')).toBe(false);
    expect(plane.setPreview(20, 'preview-2', 'success', 2.1 + 1.0)).toEqual({ ok: true });
    expect(plane.disconnect(20)).toBe(true);
    expect(plane.previewActive()).toBe(false);
  });

  it('scenario 59: a preview renders even with no selection', () => {
    const plane = makePlane();
    plane.setPreview(1, 'p', 'waiting_for_approval', 5);
    expect(plane.selection()).toBeNull();
    expect(plane.surfaceView(0, false).selectedState).toBe('waiting_for_approval');
  });

  it('scenario 61: revision counts only real changes; registration and leased states are special', () => {
    const plane = makePlane();
    plane.update(X, 'running', 1);
    let revision = plane.revision;
    expect(plane.disconnect(99)).toBe(false);
    expect(plane.tick(1.5)).toBe(false);
    expect(plane.revision).toBe(revision);

    plane.registerLease(5, 'L', null, {}, 2);
    expect(plane.revision).toBe(revision + 1);
    plane.registerLease(5, 'L', null, {}, 2);
    expect(plane.revision).toBe(revision + 2);

    revision = plane.revision;
    plane.bindLease('L', X, {}, 3);
    plane.update(X, 'running', 3);
    expect(plane.revision).toBe(revision + 2);
  });
});
