import {
  encodeServerMessage,
  fitsOutboundCap,
  type InventoryProfile,
  type InventoryReport,
  type InventorySurface,
  type SurfaceDescriptor,
} from '../../wire/index.js';

/** Where the daemon learns which device profiles it has (the MIDI hub's catalog). */
export interface ProfileInventorySource {
  profiles(): readonly InventoryProfile[];
  refusedProfileFiles(): number;
}

/** What each `status.surfaces` kind is, and how it is reached. Kinds added later pass through as their own transport. */
function inventorySurface(descriptor: SurfaceDescriptor): InventorySurface {
  const { profile, input, output } = descriptor;
  switch (descriptor.kind) {
    case 'midi':
      return { kind: 'controller', transport: 'midi', profile, input, output };
    case 'web':
      return { kind: 'browser', transport: 'websocket', profile, input, output };
    case 'serial':
    case 'hid':
      return { kind: 'controller', transport: descriptor.kind, profile, input, output };
    default:
      return { kind: descriptor.kind, transport: descriptor.kind, profile, input, output };
  }
}

/**
 * The `inventory` reply: the open surfaces and the loaded profiles. Profiles
 * are dropped from the end, and counted, until the reply fits in one frame,
 * so no number of profile files can make the request fail.
 */
export function buildInventory(descriptors: readonly SurfaceDescriptor[], source: ProfileInventorySource | null): InventoryReport {
  const all = source?.profiles() ?? [];
  const report = (count: number): InventoryReport => ({
    surfaces: descriptors.map(inventorySurface),
    profiles: all.slice(0, count),
    profilesOmitted: all.length - count,
    refusedProfileFiles: source?.refusedProfileFiles() ?? 0,
  });
  const fits = (count: number) => fitsOutboundCap(encodeServerMessage({ type: 'inventory', inventory: report(count) }));
  if (fits(all.length)) return report(all.length);
  let low = 0;
  let high = all.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return report(low);
}
