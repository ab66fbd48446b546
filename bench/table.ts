import type { LatencySummary } from './latency.js';

/** A column: its header and whether its cells line up on the right (numbers) or the left (names). */
export interface Column {
  readonly header: string;
  readonly align: 'left' | 'right';
}

export const left = (header: string): Column => ({ header, align: 'left' });
export const right = (header: string): Column => ({ header, align: 'right' });

/** Monospace table, two spaces between columns, indented by two; `visibleLength` ignores colour escapes. */
export function formatTable(columns: readonly Column[], rows: readonly (readonly string[])[]): string {
  const widths = columns.map((column, i) => Math.max(column.header.length, ...rows.map((row) => visibleLength(row[i] ?? ''))));
  const line = (cells: readonly string[]) =>
    `  ${cells
      .map((cell, i) => {
        const pad = ' '.repeat(widths[i]! - visibleLength(cell));
        return columns[i]!.align === 'right' ? pad + cell : cell + pad;
      })
      .join('  ')
      .trimEnd()}`;
  return [line(columns.map((column) => column.header)), ...rows.map(line)].join('\n');
}

function visibleLength(text: string): number {
  return text.replace(/\x1b\[[0-9;]*m/g, '').length;
}

/** 1234567.8 → "1,234,568". */
export function integer(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** A time in microseconds with the precision that matters at its size. */
export function micros(value: number): string {
  if (value < 10) return value.toFixed(2);
  if (value < 1000) return value.toFixed(1);
  return integer(value);
}

export function percent(value: number): string {
  return value < 10 ? value.toFixed(2) : value.toFixed(1);
}

/** A ratio with three significant digits: 0.0412, 0.213, 12.3, 154. */
export function ratio(value: number): string {
  return value >= 100 ? integer(value) : value.toPrecision(3);
}

/** n, p50, p90, p99, p99.9, max of a latency in µs: the cells under LATENCY_COLUMNS. */
export function latencyCells(latency: LatencySummary): string[] {
  return [integer(latency.count), ...[latency.p50, latency.p90, latency.p99, latency.p999, latency.max].map(micros)];
}

export const LATENCY_COLUMNS: readonly Column[] = [right('n'), right('p50'), right('p90'), right('p99'), right('p99.9'), right('max')];
