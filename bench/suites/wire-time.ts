import type { DeviceProfile } from '../../src/profiles/index.js';
import { alternatingPaletteShowFrames, benchSurface, paletteOnly } from '../fixtures.js';
import { measureOps } from '../ops.js';
import type { BenchSettings } from '../settings.js';
import { frameOnWire, type FrameOnWire } from '../usb-midi.js';
import type { ShowResult } from './show.js';

export interface WireTimeResult extends FrameOnWire {
  readonly profile: string;
  /** A frame in which all grid and rail lights change: as palette messages, or as RGB SysEx (the show suite's frame). */
  readonly kind: 'palette' | 'rgb';
  /** CPU time to make the frame, microseconds. */
  readonly cpuUs: number;
  /** cpuUs as a share of the frame's USB wire time. */
  readonly cpuPercentOfWire: number;
}

/**
 * Bytes, USB wire time and CPU time of a full-surface frame: per profile in
 * palette messages (one Note On or Control Change per light), and for RGB
 * profiles in batched SysEx, measured by the show suite.
 */
export function runWireTimeSuite(profiles: readonly DeviceProfile[], shows: readonly ShowResult[], settings: BenchSettings): WireTimeResult[] {
  return profiles.flatMap((profile) => {
    const rows = [paletteRow(profile, settings)];
    const show = shows.find((result) => result.profile === profile.id);
    if (show !== undefined) rows.push(withCpu(profile.id, 'rgb', show.frame, show.meanNs / 1000));
    return rows;
  });
}

function withCpu(profile: string, kind: WireTimeResult['kind'], frame: FrameOnWire, cpuUs: number): WireTimeResult {
  return { profile, kind, ...frame, cpuUs, cpuPercentOfWire: (cpuUs / (frame.wireMs * 1000)) * 100 };
}

/**
 * Palette Show frames that alternate between dark and lit: every light
 * changes every frame, the largest palette frame the renderer sends. RGB
 * profiles are driven as if they had no RGB support, to take the same path.
 */
function paletteRow(profile: DeviceProfile, settings: BenchSettings): WireTimeResult {
  const frames = alternatingPaletteShowFrames(profile);
  const { surface, output } = benchSurface(paletteOnly(profile));
  surface.renderShowFrame(frames[0]);
  const messages = output.captureDuring(() => surface.renderShowFrame(frames[1]));
  let next = 0;
  const ops = measureOps(
    `palette frame ${profile.id}`,
    () => {
      surface.renderShowFrame(frames[next++ & 1]!);
    },
    settings.ops,
  );
  surface.close();
  return withCpu(profile.id, 'palette', frameOnWire(messages), ops.meanNs / 1000);
}
