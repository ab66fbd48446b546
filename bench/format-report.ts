import type { LatencySummary } from './latency.js';
import type { BenchReport } from './results.js';
import type { EndToEndLatencies } from './suites/end-to-end.js';
import { formatAgents } from './format-agents.js';
import { LATENCY_COLUMNS, formatTable, integer, latencyCells, left, micros, percent, ratio, right } from './table.js';
import type { TargetCheck } from './results.js';
import { USB_EVENT_PACKETS_PER_MS } from './usb-midi.js';

/** The colouring the report uses; the CLI's Style fits it. */
export interface ReportStyle {
  bold(text: string): string;
  dim(text: string): string;
  green(text: string): string;
  red(text: string): string;
}

const OPS_COLUMNS = [right('ops/s'), right('mean µs'), right('±%')];

function opsCells(result: { opsPerSecond: number; meanNs: number; rmePercent: number }): string[] {
  return [integer(result.opsPerSecond), micros(result.meanNs / 1000), percent(result.rmePercent)];
}

function latencyRow(name: string, latency: LatencySummary): string[] {
  return [name, ...latencyCells(latency)];
}

function endToEndRows(placement: string, latencies: EndToEndLatencies): string[][] {
  const rows: [string, LatencySummary][] = [
    ['write → state_ack', latencies.ack],
    ['write → last frame byte at port', latencies.frame],
    ['PadLatticeClient.reportState (reply)', latencies.clientCall],
    ['floor: bare echo socket, no daemon', latencies.socketFloor],
  ];
  return rows.map(([name, latency], i) => [i === 0 ? placement : '', ...latencyRow(name, latency)]);
}

function limitText(target: TargetCheck): string {
  const limit = target.unit === 'msg/s' ? integer(target.limit) : String(target.limit);
  return `${target.comparison === '<=' ? '≤' : '≥'} ${limit} ${target.unit}`;
}

function measuredText(target: TargetCheck): string {
  switch (target.unit) {
    case 'msg/s':
      return `${integer(target.measured)} ${target.unit}`;
    case '%':
      return `${percent(target.measured)} ${target.unit}`;
    case '×':
      return `${ratio(target.measured)} ${target.unit}`;
    case 'ms':
      return `${target.measured < 10 ? target.measured.toFixed(2) : target.measured.toFixed(1)} ${target.unit}`;
    default:
      return `${micros(target.measured)} ${target.unit}`;
  }
}

type Title = (name: string, detail: string) => string;

function sectionsOf(report: BenchReport, title: Title): string[] {
  const { compile, render, show, endToEnd, burst, wireTime, status, agents, presses } = report;
  const sections: string[] = [];
  if (compile) sections.push(`${title('compile', 'one SurfaceView → Visual Protocol frame')}\n${formatTable(OPS_COLUMNS, [opsCells(compile)])}`);
  if (render) {
    sections.push(
      title('render', 'compile + diff + encode into a null port, on a stream of changing views') +
        '\n' +
        formatTable(
          [left('profile'), ...OPS_COLUMNS, right('msgs/render'), right('bytes/render')],
          render.map((r) => [r.profile, ...opsCells(r), r.messagesPerRender.toFixed(1), r.bytesPerRender.toFixed(1)]),
        ),
    );
  }
  if (show) {
    sections.push(
      title('show', 'one full-surface RGB Show frame, every light changing → batched SysEx') +
        '\n' +
        formatTable(
          [left('profile'), ...OPS_COLUMNS, right('lights'), right('batch'), right('sysex'), right('bytes')],
          show.map((r) => [r.profile, ...opsCells(r), String(r.lights), String(r.batchSize), String(r.frame.sysexMessages), String(r.frame.bytes)]),
        ),
    );
  }
  if (endToEnd) {
    sections.push(
      title('end to end', `real Unix socket, ${endToEnd.profile}, poll interval ${endToEnd.pollIntervalMs} ms; latencies in µs`) +
        '\n' +
        formatTable(
          [left('server in'), left('path'), right('n'), right('p50'), right('p90'), right('p99'), right('p99.9'), right('max')],
          [...endToEndRows('child process', endToEnd.crossProcess), ...endToEndRows('this process', endToEnd.inProcess)],
        ),
    );
  }
  if (burst) {
    sections.push(
      title('burst', `${burst.clients} clients on ${burst.profile}, daemon in this process`) +
        '\n' +
        formatTable(
          [right('messages'), right('handled'), right('errors'), right('seconds'), right('messages/s'), right('renders')],
          [
            [
              integer(burst.messages),
              integer(burst.handled),
              String(burst.errors),
              burst.seconds.toFixed(3),
              integer(burst.messagesPerSecond),
              integer(burst.renders),
            ],
          ],
        ),
    );
  }
  if (wireTime) {
    sections.push(
      title('wire time', `USB full-speed MIDI at ${USB_EVENT_PACKETS_PER_MS} event packets/ms beside the CPU time to make the frame`) +
        '\n' +
        formatTable(
          [left('profile'), left('frame'), right('msgs'), right('bytes'), right('packets'), right('wire µs'), right('CPU µs'), right('CPU/wire %')],
          wireTime.map((r) => [
            r.profile,
            r.kind,
            String(r.messages),
            String(r.bytes),
            String(r.usbPackets),
            micros(r.wireMs * 1000),
            micros(r.cpuUs),
            percent(r.cpuPercentOfWire),
          ]),
        ),
    );
  }
  if (status) {
    sections.push(
      title(
        'status',
        'the reply built, encoded and fitted into one frame, every session at its metadata bounds; first: nothing encoded before; then: one session changed before each',
      ) +
        '\n' +
        formatTable(
          [right('sessions'), right('first µs'), right('then µs'), right('±%'), right('line bytes'), right('listed')],
          status.map((r) => [integer(r.sessions), micros(r.firstUs), micros(r.meanUs), percent(r.rmePercent), integer(r.lineBytes), integer(r.listed)]),
        ),
    );
  }
  if (agents) sections.push(formatAgents(agents, title));
  if (presses) {
    const { settings } = presses;
    sections.push(
      title(
        'presses',
        `Approve pressed on ${presses.profile}, daemon in a child process, ${integer(settings.presses)} presses per input ` +
          `(after ${integer(settings.warmup)}) at least ${settings.spacingMs} ms apart; latencies in µs`,
      ) +
        '\n' +
        formatTable(
          [left('input'), left('press →'), ...LATENCY_COLUMNS],
          presses.paths.flatMap((path) => [
            [path.input, 'action line read by the subscribed client', ...latencyCells(path.action)],
            ['', 'last byte of the feedback frame at the port', ...latencyCells(path.light)],
          ]),
        ),
    );
  }
  return sections;
}

/** The human-readable report: one titled table per suite that ran, then the targets. */
export function formatReport(report: BenchReport, style: ReportStyle): string {
  const { machine } = report;
  const title: Title = (name, detail) => `${style.bold(name)}  ${style.dim(detail)}`;
  const sections = [
    `pad-lattice ${report.version} bench (${report.mode}), ${report.startedAt}: Node ${machine.node}, ${machine.platform} ${machine.arch}, ` +
      `${machine.cpus} CPUs (${machine.cpuModel}), load ${machine.loadAverage.join(' ')}`,
    ...sectionsOf(report, title),
    report.targetsJudged
      ? title('targets', 'each on the worst case measured') +
        '\n' +
        formatTable(
          [left('target'), right('limit'), right('measured'), left('')],
          report.targets.map((t) => [t.name, limitText(t), measuredText(t), t.met ? style.green('met') : style.red('missed')]),
        )
      : `${title('targets', 'not judged')}\n  A --quick run's counts are too small for its figures to be judged: they are rough. Run without --quick to judge the targets.`,
  ];
  return `${sections.join('\n\n')}\n`;
}
