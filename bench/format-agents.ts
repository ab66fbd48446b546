import { COMPARED_WORKLOADS } from './targets.js';
import { median, type AgentsResult } from './suites/agents.js';
import { LATENCY_COLUMNS, formatTable, integer, latencyCells, left, ratio, right } from './table.js';

const ms = (value: number) => value.toFixed(1);

/** The agents suite: the commands, spawn to first answer, each workload per daemon, and the ratios when compared. */
export function formatAgents(agents: AgentsResult, title: (name: string, detail: string) => string): string {
  const { settings } = agents;
  const detail =
    `each daemon in its own process, fresh for every workload, one client on its Unix socket; ` +
    `${integer(settings.samples)} round trips paced 0–${settings.gapMs} ms (after ${integer(settings.warmup)} warm-up), bursts of ${integer(settings.burstMessages)} (after ${integer(settings.burstWarmup)}); ` +
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
        right('burst msg/s'),
        right('errors'),
      ],
      workloadRows(agents),
    ),
  ];
  if (agents.ratios !== null) {
    const other = agents.daemons[1]!.name;
    parts.push(
      formatTable(
        [left(`ours ÷ ${other}`), right('round-trip p99'), right('burst msg/s'), left('')],
        agents.ratios.map((r) => [r.workload, `${ratio(r.p99Ratio)}×`, `${ratio(r.burstRatio)}×`, COMPARED_WORKLOADS.includes(r.workload) ? 'target' : '']),
      ),
    );
  }
  parts.push(
    '  floor: the same round trips to a bare echo server in its own process, which answers at once, and the start of a bare\n' +
      '  Node server: no daemon can answer faster through this client, nor a Node daemon start faster, on this machine.',
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
        integer(result.burst.messagesPerSecond),
        String(result.burst.errors),
      ]);
    }
    const floor = agents.floor[i];
    if (floor !== undefined) rows.push(['', 'floor: echo', ...latencyCells(floor), '', '']);
  }
  return rows;
}
