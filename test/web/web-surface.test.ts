import { afterEach, describe, expect, it } from 'vitest';
import { makeSurfaceView, type ShowFrame, type Surface, type SurfaceEvent, type SurfaceView } from '../../src/domain/index.js';
import { hubOf } from '../helpers/hub.js';
import { ADMIN_TOKEN, startTestBridge, type TestBridge } from './helpers/test-bridge.js';
import { TestClient } from './helpers/ws-client.js';

/** A stand-in for an 8-slot MIDI controller. */
class PadRecorder implements Surface {
  readonly descriptor = { kind: 'midi', profile: 'test/launchpad', visualProtocol: 1, input: 'Pad In', output: 'Pad Out' } as const;
  readonly views: SurfaceView[] = [];
  pending: SurfaceEvent[] = [];
  initialize(): void {}
  render(view: SurfaceView): void {
    this.views.push(view);
  }
  renderShowFrame(_frame: ShowFrame): void {}
  pollEvents(): readonly SurfaceEvent[] {
    const events = this.pending;
    this.pending = [];
    return events;
  }
  close(): void {}
}

describe('midi-rendering.md §1 and §13: the browser pad as a surface', () => {
  let web: TestBridge;
  afterEach(() => web.stop());

  it('describes itself as the virtual browser surface', async () => {
    web = await startTestBridge();
    expect(web.bridge.surface.descriptor).toEqual({
      kind: 'web',
      profile: 'virtual/browser',
      visualProtocol: 1,
      input: 'Browser controls',
      output: 'Browser display',
    });
    // It joins a hub of the daemon's geometry: eight Scenes with the identity accents.
    expect(() => hubOf([web.bridge.surface])).not.toThrow();
  });

  it('mirrors one view to browsers and a MIDI surface and merges their presses in surface order', async () => {
    web = await startTestBridge();
    const pad = new PadRecorder();
    const surfaces = hubOf([web.bridge.surface, pad]);
    const browser = await TestClient.open(web.port);
    await browser.authenticate(ADMIN_TOKEN);
    await browser.drainUntilBarrier();
    const view = makeSurfaceView({ selectedState: 'running', sessions: [{ slot: 2, state: 'running', selected: true, accent: 'lime' }] });
    surfaces.render(view);
    expect(pad.views).toEqual([view]);
    const mirrored = (await browser.next()) as { type: string; visual_frame: { selectors: string[] } };
    expect(mirrored.type).toBe('surface');
    expect(mirrored.visual_frame.selectors[2]).toBe('accent:lime:selected');
    browser.send({ protocol: 1, type: 'select_session', slot: 2 });
    await browser.drainUntilBarrier();
    pad.pending.push({ type: 'action_pressed', action: 'stop' });
    expect(surfaces.pollEvents()).toEqual([
      { type: 'session_selected', slot: 2 },
      { type: 'action_pressed', action: 'stop' },
    ]);
    surfaces.close();
    expect(await browser.closed).toEqual({ code: 1001, reason: 'server shutting down' });
  });

  it('ignores renders after close', async () => {
    web = await startTestBridge();
    const browser = await TestClient.open(web.port);
    await browser.authenticate(ADMIN_TOKEN);
    await browser.drainUntilBarrier();
    web.bridge.surface.close();
    web.bridge.surface.close();
    web.bridge.surface.render(makeSurfaceView({ selectedState: 'error' }));
    expect(await browser.closed).toEqual({ code: 1001, reason: 'server shutting down' });
    await expect(browser.next()).rejects.toThrow('socket closed');
  });
});
