import type { ShowColor, ShowFrame } from '../../domain/index.js';
import { WEB_PROTOCOL_VERSION } from '../limits.js';

export interface PerformanceFrameMessage {
  protocol: 1;
  type: 'performance_frame';
  grid: string[][];
  top: string[];
  right: string[];
}

/** Exact Show RGB as lower-case `#rrggbb`; the palette fallback never reaches a browser (§10.5). */
function hexOf(color: ShowColor): string {
  return `#${color.rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

export function performanceFrameMessage(frame: ShowFrame): PerformanceFrameMessage {
  return {
    protocol: WEB_PROTOCOL_VERSION,
    type: 'performance_frame',
    grid: frame.grid.map((row) => row.map(hexOf)),
    top: frame.top.map(hexOf),
    right: frame.right.map(hexOf),
  };
}
