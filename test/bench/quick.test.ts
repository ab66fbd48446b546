import { beforeAll, describe, expect, it } from 'vitest';
import { QUICK_SETTINGS, formatReport, frameOnWire, type BenchReport } from '../../bench/index.js';
import { checkTargets } from '../../bench/targets.js';
import { runCli } from '../../src/cli/main.js';
import { loadProfilesFrom, type DeviceProfile } from '../../src/profiles/index.js';
import { rgbLayout } from '../../src/profiles/rgb-layout.js';
import { captureIo } from '../helpers/capture-io.js';
import { startDaemonCommand } from '../../bench/daemon-command.js';

/*
 * Runs `pad-lattice bench --quick --json` once, end to end (real daemon, real
 * socket, counting ports), and checks the report's shape and its counts. The
 * end-to-end suite forks its daemon from the build (dist/bench/child-main.js),
 * so like the other process tests this one needs `npm run build` first.
 * Speed is not asserted anywhere: figures live in the README, not in tests.
 */

const PROFILES_ROOT = new URL('../../profiles/', import.meta.url).pathname;
const PLAIN = { bold: String, dim: String, green: String, red: String };

/** Every suite ran, so every suite's figures are present. */
let report: Required<BenchReport>;
let stderr: string;
let exitCode: number;
let profiles: DeviceProfile[];

beforeAll(async () => {
  profiles = (await loadProfilesFrom([PROFILES_ROOT])).profiles;
  const captured = captureIo();
  exitCode = await runCli(['bench', '--quick', '--json'], captured.io);
  stderr = captured.stderr();
  expect(exitCode, stderr).toBe(0);
  report = JSON.parse(captured.stdout()) as Required<BenchReport>;
}, 120_000);

function numbersIn(value: unknown, path = '$'): [string, number][] {
  if (typeof value === 'number') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => numbersIn(item, `${path}[${i}]`));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => numbersIn(item, `${path}.${key}`));
  return [];
}

const rgbProfiles = () => profiles.filter((profile) => profile.capabilities.show_rgb !== undefined);
const batchOf = (id: string) => profiles.find((profile) => profile.id === id)!.capabilities.palette_sysex;

describe('pad-lattice bench --quick --json', () => {
  it('exits 0, reports progress on stderr and says where it ran', () => {
    expect(exitCode).toBe(0);
    for (const suite of ['compile', 'render', 'show', 'wire time', 'status', 'end to end', 'burst', 'agents', 'presses'])
      expect(stderr).toContain(`bench: ${suite}`);
    // Long suites announce each phase, not only their start.
    expect(stderr).toContain('bench: end to end, daemon in a child process:');
    expect(stderr).toContain('bench: agents: pad-lattice, 100 identities:');
    expect(report.mode).toBe('quick');
    expect(report.machine.node).toBe(process.version);
    expect(report.machine.cpus).toBeGreaterThan(0);
    expect(report.machine.loadAverage).toHaveLength(3);
  });

  it('contains only finite numbers, and every time and rate is positive', () => {
    const numbers = numbersIn(report);
    expect(numbers.length).toBeGreaterThan(50);
    for (const [path, value] of numbers) expect(Number.isFinite(value), path).toBe(true);
    // Above the echo floor is a difference: a noisy run may put a daemon's percentile below the floor's.
    const timings = numbers.filter(
      ([path]) =>
        !path.includes('aboveFloor') && /(opsPerSecond|meanNs|p50|p90|p99|p999|max|mean|seconds|messagesPerSecond|cpuUs|CpuUs|cpuUsPerMessage)$/.test(path),
    );
    for (const [path, value] of timings) expect(value, path).toBeGreaterThan(0);
  });

  it('compile and render: benchmark.js took samples; render covers every built-in profile', () => {
    expect(report.compile.samples).toBeGreaterThanOrEqual(QUICK_SETTINGS.ops.minSamples);
    expect(report.render.map((r) => r.profile).sort()).toEqual(profiles.map((p) => p.id).sort());
    for (const render of report.render) {
      expect(render.samples).toBeGreaterThanOrEqual(QUICK_SETTINGS.ops.minSamples);
      // A changing stream sends something on average: 3-byte palette messages, or at most one batched SysEx a frame.
      expect(render.messagesPerRender).toBeGreaterThan(0);
      if (batchOf(render.profile) === undefined) expect(render.bytesPerRender).toBeCloseTo(render.messagesPerRender * 3, 6);
      else expect(render.messagesPerRender).toBeLessThanOrEqual(1);
    }
  });

  it('show: every RGB profile sends each of its RGB lights as one group, batch_size groups per SysEx message', () => {
    expect(report.show.map((s) => s.profile).sort()).toEqual(
      rgbProfiles()
        .map((p) => p.id)
        .sort(),
    );
    expect(report.show.length).toBeGreaterThan(0);
    for (const show of report.show) {
      const capability = profiles.find((p) => p.id === show.profile)!.capabilities.show_rgb!;
      const layout = rgbLayout(capability);
      // Every light has its own colour in these frames, so no two LEDs share a range.
      const rgbLights = layout.lights === 'grid' ? 64 : 80;
      const header = 1 + capability.sysex_prefix.length + (layout.lengthHeader ? 2 : 0);
      expect(show.lights).toBe(80);
      expect(show.batchSize).toBe(capability.batch_size);
      const expected: number[] = [];
      for (let left = rgbLights; left > 0; left -= capability.batch_size) {
        expected.push(header + layout.group.length * Math.min(left, capability.batch_size) + 1);
      }
      expect(show.messageBytes, show.profile).toEqual(expected);
      expect(show.frame.sysexMessages).toBe(Math.ceil(rgbLights / capability.batch_size));
      expect(show.frame.messages).toBe(show.frame.sysexMessages);
      expect(show.frame.bytes).toBe(expected.reduce((a, b) => a + b, 0));
    }
  });

  it('end to end: both placements measured every sample, and the percentiles are ordered', () => {
    const { crossProcess, inProcess, pollIntervalMs } = report.endToEnd;
    expect(pollIntervalMs).toBe(30);
    for (const placement of [crossProcess, inProcess]) {
      for (const latency of [placement.ack, placement.frame, placement.clientCall, placement.socketFloor]) {
        expect(latency.count).toBe(QUICK_SETTINGS.latencySamples);
        expect(latency.p50).toBeLessThanOrEqual(latency.p90);
        expect(latency.p90).toBeLessThanOrEqual(latency.p99);
        expect(latency.p99).toBeLessThanOrEqual(latency.p999);
        expect(latency.p999).toBeLessThanOrEqual(latency.max);
      }
    }
  });

  it('burst: the daemon handled every message without an error, in fewer renders than messages', () => {
    const { burst } = report;
    expect(burst.clients).toBe(QUICK_SETTINGS.burstClients);
    expect(burst.messages).toBe(QUICK_SETTINGS.burstMessages);
    expect(burst.handled).toBe(burst.messages);
    expect(burst.errors).toBe(0);
    expect(burst.renders).toBeGreaterThanOrEqual(1);
    expect(burst.renders).toBeLessThan(burst.messages);
    expect(burst.messagesPerSecond).toBeCloseTo(burst.messages / burst.seconds, 3);
  });

  it('wire time: a palette row per profile and an RGB row per RGB profile, with consistent USB arithmetic', () => {
    const palette = report.wireTime.filter((row) => row.kind === 'palette');
    const rgb = report.wireTime.filter((row) => row.kind === 'rgb');
    expect(palette.map((row) => row.profile).sort()).toEqual(profiles.map((p) => p.id).sort());
    expect(rgb.map((row) => row.profile).sort()).toEqual(
      rgbProfiles()
        .map((p) => p.id)
        .sort(),
    );
    for (const row of palette) {
      const batch = batchOf(row.profile);
      if (batch === undefined) {
        // Every grid and rail light changes: one 3-byte channel message, one USB packet, each.
        expect(row.messages).toBe(80);
        expect(row.sysexMessages).toBe(0);
        expect(row.bytes).toBe(3 * row.messages);
        expect(row.usbPackets).toBe(row.messages);
        continue;
      }
      // The 80 lights as batched palette SysEx: F0, prefix, one group per light, F7; 3 SysEx bytes a USB packet.
      expect(row.messages).toBe(Math.ceil(80 / batch.batch_size));
      expect(row.sysexMessages).toBe(row.messages);
      expect(row.bytes).toBe(row.messages * (batch.sysex_prefix.length + 2) + 80 * (batch.group ?? ['led', 'value']).length);
      if (row.messages === 1) expect(row.usbPackets).toBe(Math.ceil(row.bytes / 3));
    }
    for (const row of rgb) {
      const show = report.show.find((s) => s.profile === row.profile)!;
      expect(row.bytes).toBe(show.frame.bytes);
      expect(row.usbPackets).toBe(show.messageBytes.reduce((sum, length) => sum + Math.ceil(length / 3), 0));
    }
    for (const row of report.wireTime) {
      expect(row.wireMs).toBeCloseTo(row.usbPackets / 16, 9);
      expect(row.cpuPercentOfWire).toBeCloseTo((row.cpuUs / (row.wireMs * 1000)) * 100, 9);
    }
  });

  it('agents: our CLI daemon started fresh per workload, every round trip and burst measured, the floor beside it', () => {
    const agents = report.agents;
    expect(agents.daemons.map((d) => d.name)).toEqual(['pad-lattice']);
    expect(agents.ratios).toBeNull();
    const ours = agents.daemons[0]!;
    expect(ours.command).toContain('daemon --socket {socket}');
    // The startup runs, then one start per workload.
    expect(ours.startupMs).toHaveLength(QUICK_SETTINGS.startupRuns + 3);
    expect(ours.workloads.map((w) => w.identities)).toEqual([4, 12, 100]);
    for (const [i, workload] of ours.workloads.entries()) {
      expect(workload.roundTrip.count).toBe(QUICK_SETTINGS.agents.samples);
      expect(workload.burst.messages).toBe(QUICK_SETTINGS.agents.burstMessages);
      expect(workload.burst.errors).toBe(0);
      // This machine has /proc: the daemon's CPU time was read around both phases.
      expect(workload.roundTripCpuUs).toBeGreaterThan(0);
      expect(workload.freshRoundTripCpuUs).toBeGreaterThan(0);
      expect(workload.burst.cpuUsPerMessage).toBeGreaterThan(0);
      const floor = agents.floor[i]!.latency;
      expect(workload.aboveFloor.p50).toBeCloseTo(workload.roundTrip.p50 - floor.p50, 9);
      expect(workload.aboveFloor.p99).toBeCloseTo(workload.roundTrip.p99 - floor.p99, 9);
    }
    expect(agents.floor.map((f) => f.latency.count)).toEqual([1, 2, 3].map(() => QUICK_SETTINGS.agents.samples));
    for (const floor of agents.floor) expect(floor.cpuUs).toBeGreaterThan(0);
  });

  it('presses: both inputs, every press answered and its feedback found, percentiles ordered', () => {
    const { presses } = report;
    expect(presses.profile).toBe('novation/launchpad/mini-mk3');
    expect(presses.paths.map((path) => path.input)).toEqual(['counting MIDI input', 'FIFO (--input file:)']);
    for (const path of presses.paths) {
      for (const latency of [path.action, path.light]) {
        expect(latency.count).toBe(QUICK_SETTINGS.presses.presses);
        expect(latency.p50).toBeLessThanOrEqual(latency.p99);
        expect(latency.p99).toBeLessThanOrEqual(latency.max);
      }
    }
  });

  it('targets: a quick run judges none, and says so', () => {
    expect(report.targetsJudged).toBe(false);
    expect(report.targets).toEqual([]);
    const text = formatReport(report, PLAIN);
    expect(text).toMatch(/^targets {2}not judged\n.*rough/m);
    expect(text).not.toMatch(/\b(met|missed)\b/);
  });

  it('targets of a full run: sixteen from these suites, and "met" agrees with limit and measurement', () => {
    const targets = checkTargets(report);
    expect(targets).toHaveLength(16);
    for (const target of targets) {
      expect(target.met).toBe(target.comparison === '<=' ? target.measured <= target.limit : target.measured >= target.limit);
    }
    const byName = Object.fromEntries(targets.map((t) => [t.name, t]));
    expect(byName['compile']?.measured).toBeCloseTo(report.compile.meanNs / 1000, 9);
    expect(byName['burst']?.measured).toBe(report.burst.messagesPerSecond);
    // The end-to-end targets are judged with the daemon in its own process, as agents use it.
    expect(byName['end to end p99, separate processes: write → state_ack']?.measured).toBe(report.endToEnd.crossProcess.ack.p99);
    expect(byName['end to end p99, separate processes: write → last frame byte']?.measured).toBe(report.endToEnd.crossProcess.frame.p99);
    expect(byName['first status, 100 sessions at the metadata bounds']?.measured).toBe(report.status.find((r) => r.sessions === 100)!.firstUs / 1000);
    // Every session at its bounds: the reply still fits one frame and lists what fits.
    for (const row of report.status) expect(row.lineBytes).toBeLessThanOrEqual(65_536);
    const startup = targets.find((t) => t.name.startsWith('spawn → first answer'));
    expect(startup?.measured).toBe(report.agents.daemons[0]!.startupMedianMs);
    const [few, , many] = report.agents.daemons[0]!.workloads;
    expect(byName['burst, 100 identities ÷ 4 agents (ours)']?.measured).toBeCloseTo(many!.burst.messagesPerSecond / few!.burst.messagesPerSecond, 9);
    expect(byName['4 agents: round-trip p50 above the echo floor']?.measured).toBe(few!.aboveFloor.p50);
    expect(byName['100 identities: round-trip p50 above the echo floor']?.measured).toBe(many!.aboveFloor.p50);
    const [counting, fifo] = report.presses.paths;
    expect(byName['press → action p99, counting MIDI input']?.measured).toBe(counting!.action.p99 / 1000);
    expect(byName['press → light p99, FIFO (--input file:)']?.measured).toBe(fifo!.light.p99 / 1000);
  });

  it('the readable report has a table per suite naming every profile', () => {
    const text = formatReport(report, PLAIN);
    for (const title of ['compile', 'render', 'show', 'end to end', 'burst', 'wire time', 'status', 'agents', 'presses', 'targets']) {
      expect(text).toMatch(new RegExp(`^${title}  `, 'm'));
    }
    for (const profile of profiles) expect(text).toContain(profile.id);
    expect(text).toContain('write → last frame byte at port');
    expect(text).toContain('child process');
    expect(text).toContain('this process');
    expect(text).toContain('spawn → first answer');
    expect(text).toContain('floor: echo');
    expect(text).toContain('p50 above floor');
    expect(text).toContain('last byte of the feedback frame at the port');
  });
});

describe('USB-MIDI packet arithmetic', () => {
  it('a channel message is one packet; SysEx travels 3 bytes a packet', () => {
    const sysex = new Uint8Array(328);
    sysex[0] = 0xf0;
    sysex[327] = 0xf7;
    const frame = frameOnWire([Uint8Array.of(0x90, 0x51, 0x03), sysex, Uint8Array.of(0xf0, 0x01, 0x02, 0x03, 0xf7)]);
    expect(frame).toEqual({ messages: 3, sysexMessages: 2, bytes: 336, usbPackets: 1 + 110 + 2, wireMs: 113 / 16 });
  });
});

describe('pad-lattice bench (arguments)', () => {
  it('--help describes the suites; an unknown flag is a usage error', async () => {
    const help = captureIo();
    expect(await runCli(['bench', '--help'], help.io)).toBe(0);
    expect(help.stdout()).toContain('--quick');
    const bad = captureIo();
    expect(await runCli(['bench', '--fast'], bad.io)).toBe(2);
    expect(bad.stderr()).toContain('--fast');
  });

  it('--compare needs a command after --, a command needs --compare, and --suite takes known names', async () => {
    for (const args of [['--compare'], ['--', 'true'], ['--suite', 'nope'], ['--compare-name', 'x'], ['--suite', 'render', '--compare', '--', 'true']]) {
      const io = captureIo();
      expect(await runCli(['bench', ...args], io.io), args.join(' ')).toBe(2);
      expect(io.stderr()).toContain('pad-lattice bench:');
    }
  });
});

describe('pad-lattice bench --compare (side by side)', () => {
  const CLI = new URL('../../dist/src/cli/main.js', import.meta.url).pathname;
  let compared: Required<BenchReport>;

  beforeAll(async () => {
    // Our own CLI stands in for another daemon: the same client measures both in one run.
    const captured = captureIo();
    const twin = [
      ...[process.execPath, CLI, 'daemon', '--socket', '{socket}', '--identity-store', '{dir}/twin.json'],
      ...['--profile', 'novation/launchpad/mini-mk3', '--input', 'file:/dev/null', '--output', 'trace:/dev/null', '--no-greeting'],
    ];
    const code = await runCli(['bench', '--quick', '--json', '--suite', 'agents', '--compare', '--compare-name', 'twin', '--', ...twin], captured.io);
    expect(code, captured.stderr()).toBe(0);
    compared = JSON.parse(captured.stdout()) as Required<BenchReport>;
  }, 120_000);

  it('runs only the chosen suite, both daemons every workload, with the ratio targets a full run would judge', () => {
    expect(compared.compile).toBeUndefined();
    expect(compared.endToEnd).toBeUndefined();
    const [ours, twin] = compared.agents.daemons;
    expect(twin?.name).toBe('twin');
    expect(twin?.command).toContain('--identity-store {dir}/twin.json');
    expect(twin?.workloads.map((w) => w.workload)).toEqual(ours?.workloads.map((w) => w.workload));
    const ratios = compared.agents.ratios!;
    expect(ratios.map((r) => r.workload)).toEqual(['4 agents', '12 agents', '100 identities']);
    for (const [i, ratio] of ratios.entries()) {
      const mine = ours!.workloads[i]!;
      const theirs = twin!.workloads[i]!;
      expect(ratio.burstRatio).toBeCloseTo(mine.burst.messagesPerSecond / theirs.burst.messagesPerSecond, 9);
      expect(ratio.burstCpuRatio).toBeCloseTo(mine.burst.cpuUsPerMessage! / theirs.burst.cpuUsPerMessage!, 9);
      expect(ratio.roundTripCpuRatio).toBeCloseTo(mine.roundTripCpuUs! / theirs.roundTripCpuUs!, 9);
    }
    expect(compared.targets).toEqual([]);
    // Spawn → first answer, churn, two above-floor p50s, then burst, burst CPU and round-trip CPU ratios for 4 agents and 100 identities.
    expect(checkTargets(compared).map((t) => t.unit)).toEqual(['ms', '×', 'µs', 'µs', '×', '×', '×', '×', '×', '×']);
  });
});

describe('bench daemon commands', () => {
  it('a command that exits before answering is reported with the end of its stderr', async () => {
    const failing = { name: 'broken', argv: [process.execPath, '-e', 'console.error("no socket for {socket}"); process.exit(3)'] };
    await expect(startDaemonCommand(failing)).rejects.toThrow(/exited \(code 3\) before answering: no socket for \/.*d\.sock/);
  });
});
