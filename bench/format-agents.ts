import { COMPARED_WORKLOADS } from './targets.js';
import { median, type AgentsResult } from './suites/agents.js';
import { LATENCY_COLUMNS, formatTable, integer, latencyCells, left, micros, ratio, right } from './table.js';

const ms = (value: number) => value.toFixed(1);
/** A CPU figure, or a dash where /proc could not be read. */
const cpuCell = (value: number | null) => (value === null ? '–' : micros(value));
const ratioCell = (value: number | null) => (value === null ? '–' : `${ratio(value)}×`);

/** The agents suite: the commands, spawn to first answer, each workload per daemon, and the ratios when compared. */
export function formatAgents(agents: AgentsResult, title: (name: string, detail: string) => string): string {
  const { settings } = agents;
  const detail =
    `each daemon in its own process, fresh for every workload, one client on its Unix socket; ` +
    `${integer(settings.samples)} round trips paced 0–${settings.gapMs} ms (after ${integer(settings.warmup)} paced on the fresh daemon, then ${integer(settings.backToBackWarmup)} back to back), bursts of ${integer(settings.burstMessages)} (after ${integer(settings.burstWarmup)}); ` +
    `load ${agents.loadAverageBefore.join(' ')} before, ${agents.loadAverageAfter.join(' ')} after`;
  const parts = [
    formatTable(
      [left('daemon'), left('command ({socket}, {dir}: fresh per start)')],
      agents.daemons.map((d) => [d.name, d.command]),
    ),
    formatTable(
      [left('spawn → first answer, ms'), right('starts'), right('min'), right('median'), right('max'), right('→ surfaces, median')],
      [
        ...agents.daemons.map((d) => [...startupRow(d.name, d.startupMs), surfacesCell(d.surfacesMs)]),
        startupRow('floor: bare Node server', agents.startupFloorMs),
      ],
    ),
    formatTable(
      [
        left('workload'),
        left('daemon'),
        ...LATENCY_COLUMNS.map((c) => ({ ...c, header: `${c.header}${c.header === 'n' ? '' : ' µs'}` })),
        right('CPU µs/rt'),
        right('fresh'),
        right('p50 above floor'),
        right('p99 above floor'),
        right('burst msg/s'),
        right('burst CPU µs/msg'),
        right('errors'),
      ],
      workloadRows(agents),
    ),
  ];
  if (agents.ratios !== null) {
    const other = agents.daemons[1]!.name;
    parts.push(
      formatTable(
        [left(`ours ÷ ${other}`), right('burst msg/s'), right('CPU per burst message'), right('CPU per round trip'), left('')],
        agents.ratios.map((r) => [
          r.workload,
          ratioCell(r.burstRatio),
          ratioCell(r.burstCpuRatio),
          ratioCell(r.roundTripCpuRatio),
          COMPARED_WORKLOADS.includes(r.workload) ? 'target' : '',
        ]),
      ),
    );
  }
  parts.push(
    '  floor: the same round trips to a bare echo server in its own process, which answers at once, and the start of a bare\n' +
      '  Node server: no daemon can answer faster through this client, nor a Node daemon start faster, on this machine.\n' +
      "  Above floor: the daemon's percentile minus the echo server's (round-trip p99 on a shared machine is scheduling, for\n" +
      "  every server alike). CPU: the server process's own time (/proc, all threads) over the measured round trips (its idle\n" +
      '  timers in the gaps included) or the measured burst, per message; fresh: the same over the paced warm-up of a just\n' +
      '  started daemon, while V8 still compiles its hot path.',
  );
  return `${title('agents', detail)}\n${parts.join('\n\n')}`;
}

function startupRow(name: string, starts: readonly number[]): string[] {
  return [name, String(starts.length), ms(Math.min(...starts)), ms(median(starts)), ms(Math.max(...starts))];
}

function surfacesCell(starts: readonly (number | null)[]): string {
  const listed = starts.filter((start): start is number => start !== null);
  return listed.length === 0 ? 'none' : ms(median(listed));
}

function workloadRows(agents: AgentsResult): string[][] {
  const rows: string[][] = [];
  const workloads = agents.daemons[0]?.workloads ?? [];
  for (const [i, workload] of workloads.entries()) {
    for (const [k, daemon] of agents.daemons.entries()) {
      const result = daemon.workloads[i]!;
      rows.push([
        k === 0 ? workload.workload : '',
        daemon.name,
        ...latencyCells(result.roundTrip),
        cpuCell(result.roundTripCpuUs),
        cpuCell(result.freshRoundTripCpuUs),
        micros(result.aboveFloor.p50),
        micros(result.aboveFloor.p99),
        integer(result.burst.messagesPerSecond),
        cpuCell(result.burst.cpuUsPerMessage),
        String(result.burst.errors),
      ]);
    }
    const floor = agents.floor[i];
    if (floor !== undefined) rows.push(['', 'floor: echo', ...latencyCells(floor.latency), cpuCell(floor.cpuUs), '', '', '', '', '', '']);
  }
  return rows;
}
