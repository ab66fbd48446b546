import type { ShowFrame } from '../../src/domain/index.js';
import type { DeviceProfile } from '../../src/profiles/index.js';
import { alternatingShowFrames, benchSurface } from '../fixtures.js';
import { measureOps, type OpsResult } from '../ops.js';
import type { BenchSettings } from '../settings.js';
import { frameOnWire, type FrameOnWire } from '../usb-midi.js';

export interface ShowResult extends OpsResult {
  readonly profile: string;
  /** Lights in the frame (8x8 grid plus both rails); every one changes. */
  readonly lights: number;
  readonly batchSize: number;
  /** One frame as counted at the port. */
  readonly frame: FrameOnWire;
  /** The length of each message of that frame, in order, so the batching can be checked. */
  readonly messageBytes: readonly number[];
}

/** A full-surface RGB Show frame in which every light changes → batched SysEx, per RGB-capable profile. */
export function runShowSuite(profiles: readonly DeviceProfile[], settings: BenchSettings): ShowResult[] {
  return profiles.flatMap((profile) => {
    const capability = profile.capabilities.show_rgb;
    if (capability === undefined) return [];
    const frames = alternatingShowFrames(profile);
    const { surface, output } = benchSurface(profile);
    // The first Show frame after a semantic render also wipes the palette cache; capture a steady one.
    surface.renderShowFrame(frames[0]);
    const messages = output.captureDuring(() => surface.renderShowFrame(frames[1]));
    let next = 0;
    const ops = measureOps(
      `show ${profile.id}`,
      () => {
        surface.renderShowFrame(frames[next++ & 1]!);
      },
      settings.ops,
    );
    surface.close();
    return [
      {
        profile: profile.id,
        ...ops,
        lights: showLights(frames[0]),
        batchSize: capability.batch_size,
        frame: frameOnWire(messages),
        messageBytes: messages.map((message) => message.length),
      },
    ];
  });
}

function showLights(frame: ShowFrame): number {
  return frame.grid.reduce((sum, row) => sum + row.length, 0) + frame.top.length + frame.right.length;
}
