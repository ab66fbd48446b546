import type { DeviceProfile } from '../../src/profiles/index.js';
import { VIEW_STREAM_LENGTH, benchSurface, viewStream } from '../fixtures.js';
import { measureOps, type OpsResult } from '../ops.js';
import type { BenchSettings } from '../settings.js';

export interface RenderResult extends OpsResult {
  readonly profile: string;
  /** Average MIDI messages (and bytes) a render of the stream sends: only lights that changed. */
  readonly messagesPerRender: number;
  readonly bytesPerRender: number;
}

/** Compile + diff + encode through a MidiSurface into a counting port, per built-in profile. */
export function runRenderSuite(profiles: readonly DeviceProfile[], settings: BenchSettings): RenderResult[] {
  return profiles.map((profile) => {
    const { surface, output } = benchSurface(profile);
    const views = viewStream(profile.lookup.accentNames, surface.geometry.selectorCapacity);
    const mask = VIEW_STREAM_LENGTH - 1;
    // One pass first, so the per-render counts below describe the steady stream, not the first paint.
    for (const view of views) surface.render(view);
    const before = { messages: output.messages, bytes: output.bytes };
    let renders = 0;
    const ops = measureOps(
      `render ${profile.id}`,
      () => {
        surface.render(views[renders++ & mask]!);
      },
      settings.ops,
    );
    const sent = { messages: output.messages - before.messages, bytes: output.bytes - before.bytes };
    surface.close();
    return { profile: profile.id, ...ops, messagesPerRender: sent.messages / renders, bytesPerRender: sent.bytes / renders };
  });
}
