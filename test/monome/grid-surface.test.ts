import { hubOfDrivers } from '../helpers/hub.js';
import { describe, expect, it } from 'vitest';
import { actionPressed, actionReleased, makeSurfaceView, optionPressed, sessionSelected, type SurfaceView } from '../../src/domain/index.js';
import { gridDriver } from '../../src/monome/grid-driver.js';
import { MockSerialBinding } from '../hardware-mocks/mock-serial.js';
import { MextGrid } from '../hardware-mocks/mext-grid.mjs';
import { recordingLogger } from '../midi-grid/helpers.js';
import { FTDI_GRID, bindingWithGrid, builtinGridProfiles, eventually, gridProfile } from './helpers.js';
import { questionPrompt } from '../helpers/question-prompt.js';

const approvalView = (extra: Partial<{ frame: number }> = {}): SurfaceView =>
  makeSurfaceView({
    selectedState: 'waiting_for_approval',
    frame: extra.frame ?? 0,
    sessions: [
      { slot: 0, state: 'waiting_for_approval', selected: true, accent: 'cyan' },
      { slot: 1, state: 'running', accent: 'magenta' },
    ],
    availableActions: ['approve', 'reject'],
  });

async function hubWith(binding: MockSerialBinding, options: { frameIntervalMs?: number; probeTimeoutMs?: number; now?: () => number } = {}, retryMs?: number) {
  const profiles = await builtinGridProfiles();
  const logger = recordingLogger();
  const hub = hubOfDrivers(
    [gridDriver({ backend: () => binding, profiles: () => profiles, ...options, scanIntervalMs: 60_000, ...(retryMs === undefined ? {} : { retryMs }) })],
    logger,
  );
  return { hub, logger };
}

describe('a monome grid through the surface hub', () => {
  it('is identified by its size answer and shows the selected state, statuses, Scenes and lit actions by brightness', async () => {
    const { binding, grid } = bindingWithGrid('/dev/ttyUSB0');
    const { hub, logger } = await hubWith(binding);
    hub.render(approvalView());
    await hub.scanNow();
    expect(hub.descriptors).toEqual([
      { kind: 'serial', profile: 'monome/grid/128', visualProtocol: 1, input: '/dev/ttyUSB0 (m1000123)', output: '/dev/ttyUSB0 (m1000123)' },
    ]);
    expect(logger.text()).toContain('serial: monome grid at /dev/ttyUSB0 connected as monome/grid/128');
    await eventually(() => hub.settled && grid.level(15, 0) !== 0, 'the first frame');
    // The "!" glyph of waiting_for_approval: column 3, rows 0-4 and 7.
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((y) => grid.level(3, y))).toEqual([15, 15, 15, 15, 15, 0, 0, 15]);
    expect([grid.level(7, 0), grid.level(7, 1)]).toEqual([15, 5]); // statuses: approval brightest, running dim
    expect([grid.level(8, 0), grid.level(8, 1), grid.level(8, 2)]).toEqual([15, 4, 0]); // Scenes: selected, unselected, empty
    expect([grid.level(15, 0), grid.level(15, 1), grid.level(15, 6), grid.level(15, 7)]).toEqual([12, 12, 0, 0]); // approve, reject lit
    expect(grid.errors).toEqual([]);
    hub.close();
  });

  it('turns key downs on Scenes and actions into surface events, an action key up into its release (hold to approve), and ignores every other key', async () => {
    const { binding, grid } = bindingWithGrid('/dev/ttyUSB0');
    const { hub } = await hubWith(binding);
    await hub.scanNow();
    const port = binding.port('/dev/ttyUSB0');
    port.emitData([...grid.press(15, 0), ...grid.press(3, 3), ...grid.press(8, 2), ...grid.press(7, 0)]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(hub.pollEvents()).toEqual([actionPressed('approve'), actionReleased('approve'), sessionSelected(2)]);
    expect(hub.pollEvents()).toEqual([]);
    hub.close();
  });

  it('sends only changed quads and, under a burst, only the newest frame (latest wins, frame cap)', async () => {
    const { binding, grid } = bindingWithGrid('/dev/ttyUSB0');
    const { hub } = await hubWith(binding, { frameIntervalMs: 50 });
    await hub.scanNow();
    hub.render(approvalView());
    await eventually(() => hub.settled, 'the first frame');
    const twoWaiting = (selected: number) =>
      makeSurfaceView({
        selectedState: 'waiting_for_approval',
        sessions: [0, 1].map((slot) => ({
          slot,
          state: 'waiting_for_approval' as const,
          selected: slot === selected,
          accent: slot === 0 ? 'cyan' : 'magenta',
        })),
        availableActions: ['approve', 'reject'],
      });
    hub.render(twoWaiting(0));
    await eventually(() => hub.settled, 'a frame with two waiting agents');
    const before = grid.messages.length;
    // Selecting the other agent changes only the two Scenes in column 8: two single-LED levels.
    hub.render(twoWaiting(1));
    await eventually(() => hub.settled, 'the selection frame');
    expect(grid.messages.slice(before)).toEqual(['18 08 00 04', '18 08 01 0f']);
    expect([grid.level(8, 0), grid.level(8, 1)]).toEqual([4, 15]);
    const drawnBefore = hub.frameCounts.drawn;
    for (let frame = 0; frame < 200; frame += 1) hub.render(makeSurfaceView({ selectedState: frame % 2 === 0 ? 'error' : 'success', frame }));
    await eventually(() => hub.settled, 'the burst to drain');
    expect(hub.frameCounts.drawn - drawnBefore).toBeLessThanOrEqual(3);
    // The last view (frame 199: success) is what the grid shows: the smile's cell (1, 2).
    expect([grid.level(1, 2), grid.level(0, 0)]).toEqual([15, 0]);
    expect(grid.errors).toEqual([]);
    hub.close();
  });

  it('an unplugged grid is dropped (the hub keeps going); plugged in again it is repainted in full', async () => {
    const { binding } = bindingWithGrid('/dev/ttyUSB0');
    const { hub, logger } = await hubWith(binding);
    await hub.scanNow();
    hub.render(approvalView());
    binding.removePort('/dev/ttyUSB0');
    await eventually(() => hub.descriptors.length === 0, 'the grid to be dropped');
    expect(logger.text()).toMatch(/serial: lost monome grid at \/dev\/ttyUSB0 \(transport: .*\); it is repainted when it returns/);
    hub.render(approvalView({ frame: 1 }));
    expect(hub.pollEvents()).toEqual([]);
    const again = new MextGrid();
    binding.createPort('/dev/ttyUSB0', FTDI_GRID, (bytes) => again.receive(bytes));
    await hub.scanNow();
    expect(logger.text()).toContain('monome grid at /dev/ttyUSB0 reconnected');
    await eventually(() => hub.settled && again.level(15, 0) === 12, 'the repaint');
    expect(again.messages.filter((m) => m.startsWith('1a'))).toHaveLength(2);
    hub.close();
  });

  it('an 8x8 monobright grid: the 64 profile with "leds": "monobright" lights on/off maps only, and presses still route', async () => {
    const mono = new MextGrid({ columns: 8, rows: 8, id: 'm64mono', varibright: false });
    const binding = new MockSerialBinding().createPort('/dev/ttyUSB1', FTDI_GRID, (bytes) => mono.receive(bytes));
    const profile = { ...(await gridProfile('monome/grid/64')), leds: 'monobright' as const };
    const hub = hubOfDrivers([gridDriver({ backend: () => binding, profiles: () => [profile], scanIntervalMs: 60_000 })], recordingLogger());
    hub.render(approvalView());
    await hub.scanNow();
    await eventually(() => hub.settled && mono.level(0, 0) === 1, 'approve to light');
    // Row 0: approve, reject lit; retry, stop dark. Row 1: Scenes (selected and not: both on). Row 2: statuses.
    expect([0, 1, 6, 7].map((x) => mono.level(x, 0))).toEqual([1, 1, 0, 0]);
    expect([0, 1, 2].map((x) => mono.level(x, 1))).toEqual([1, 1, 0]);
    expect(mono.messages.every((m) => m.startsWith('14') || /^0[015]/.test(m))).toBe(true);
    binding.port('/dev/ttyUSB1').emitData([...mono.press(1, 0)]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(hub.pollEvents()).toEqual([actionPressed('reject'), actionReleased('reject')]);
    hub.close();
    await eventually(() => mono.messages.at(-1) === '12', 'the grid to be cleared on close');
    expect(mono.errors).toEqual([]);
  });

  it('refuses a device that does not answer and a grid size without a profile, each once, with the fix', async () => {
    const silent = new MockSerialBinding().createPort('/dev/ttyUSB3', FTDI_GRID);
    const { hub, logger } = await hubWith(silent, { probeTimeoutMs: 50 });
    await hub.scanNow();
    await hub.scanNow();
    expect(hub.descriptors).toEqual([]);
    expect(logger.text().match(/could not open monome grid at \/dev\/ttyUSB3: no mext size answer within 50 ms/g)).toHaveLength(1);
    const { binding } = bindingWithGrid('/dev/ttyUSB4', new MextGrid({ columns: 16, rows: 4 }));
    const odd = await hubWith(binding);
    await odd.hub.scanNow();
    expect(odd.logger.text()).toContain('no surface profile fits a 16x4 grid; add one with "size": {"columns": 16, "rows": 4}');
  });

  it('tries a refused grid again once retryMs passed (a grid still starting up), reporting the refusal once', async () => {
    const grid = new MextGrid();
    let answering = false;
    const binding = new MockSerialBinding().createPort('/dev/ttyUSB5', FTDI_GRID, (bytes) => (answering ? grid.receive(bytes) : undefined));
    const { hub, logger } = await hubWith(binding, { probeTimeoutMs: 30 }, 0);
    hub.render(approvalView());
    await hub.scanNow();
    await hub.scanNow();
    expect(hub.descriptors).toEqual([]);
    expect(logger.text().match(/could not open monome grid at \/dev\/ttyUSB5/g)).toHaveLength(1);
    expect(logger.text()).toContain('it is tried again when replugged, when the profiles change, or in a few seconds');
    answering = true;
    await hub.scanNow();
    expect(hub.descriptors.map((d) => d.profile)).toEqual(['monome/grid/128']);
    await eventually(() => hub.settled && grid.level(15, 0) === 12, 'the grid to show the latest view');
    hub.close();
  });
});

describe('a monome grid whose stream was cut off mid-message', () => {
  it('drops what the grid sent before it was opened (the port is flushed), so the size answer is read in step', async () => {
    const { binding, grid } = bindingWithGrid('/dev/ttyUSB0');
    binding.sendWhileClosed('/dev/ttyUSB0', [0x21, 0x0f]);
    const { hub } = await hubWith(binding, { probeTimeoutMs: 200 });
    await hub.scanNow();
    expect(hub.descriptors.map((d) => d.profile)).toEqual(['monome/grid/128']);
    expect(binding.port('/dev/ttyUSB0').flushes).toBe(1);
    binding.port('/dev/ttyUSB0').emitData([...grid.press(15, 0)]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(hub.pollEvents()).toEqual([actionPressed('approve'), actionReleased('approve')]);
    hub.close();
  });

  it('21 0F, then half a second of silence: the three Approve presses after it all land on a 128', async () => {
    let now = 0;
    const { binding, grid } = bindingWithGrid('/dev/ttyUSB0');
    const { hub } = await hubWith(binding, { now: () => now });
    hub.render(approvalView());
    await hub.scanNow();
    const port = binding.port('/dev/ttyUSB0');
    port.emitData([0x21, 0x0f]);
    await new Promise((resolve) => setImmediate(resolve));
    now += 500;
    const events = [];
    for (let press = 0; press < 3; press += 1) {
      port.emitData([...grid.press(15, 0)]);
      await new Promise((resolve) => setImmediate(resolve));
      events.push(...hub.pollEvents());
      now += 400;
    }
    expect(events.filter((event) => event.type === 'action_pressed')).toEqual([actionPressed('approve'), actionPressed('approve'), actionPressed('approve')]);
    hub.close();
  });
});

describe('a question on a monome grid (option pads, README "Questions and approval details")', () => {
  it('three options light column 3 of the glyph at a steady full level; presses there answer them, other glyph cells nothing', async () => {
    const { binding, grid } = bindingWithGrid('/dev/ttyUSB0');
    const { hub } = await hubWith(binding);
    await hub.scanNow();
    hub.render(
      makeSurfaceView({
        selectedState: 'waiting_for_reply',
        frame: 0,
        sessions: [{ slot: 0, state: 'waiting_for_reply', selected: true, accent: 'cyan' }],
        prompt: questionPrompt(3),
      }),
    );
    await eventually(() => hub.settled && grid.level(3, 0) !== 0, 'the option pads');
    // Up to four options leave a dark row between two pads: rows 0, 2 and 4.
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((y) => grid.level(3, y))).toEqual([15, 0, 15, 0, 15, 0, 0, 0]);
    const port = binding.port('/dev/ttyUSB0');
    port.emitData([...grid.press(3, 2), ...grid.press(3, 0), ...grid.press(3, 1), ...grid.press(4, 4)]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(hub.pollEvents()).toEqual([optionPressed(42, 1, 1), optionPressed(42, 1, 0)]);
    // Without a question, the same cell is part of the glyph and means nothing.
    hub.render(approvalView());
    await eventually(() => hub.settled, 'the approval frame');
    port.emitData([...grid.press(3, 0)]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(hub.pollEvents()).toEqual([]);
    expect(grid.errors).toEqual([]);
    hub.close();
  });
});
