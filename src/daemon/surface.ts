import type { ControlSurface } from '../domain/index.js';
import type { SurfaceDescriptor } from '../wire/index.js';

/**
 * A surface as the daemon drives it: the domain's ControlSurface
 * (midi-rendering.md §1). A composite (surfaceKind "composite") must list its
 * members' descriptors, because `status.surfaces` names each physical or
 * virtual surface, never the composite.
 */
export type Surface = ControlSurface & { readonly descriptors?: readonly SurfaceDescriptor[] };

/** The `status.surfaces` entries of one surface (wire-protocol-1.md §7.5). */
export function describeSurface(surface: Surface): SurfaceDescriptor[] {
  if (surface.surfaceKind === 'composite') {
    if (surface.descriptors === undefined) throw new TypeError(`composite surface ${surface.profileId} lists no member descriptors`);
    return [...surface.descriptors];
  }
  return [
    {
      kind: surface.surfaceKind,
      profile: surface.profileId,
      visualProtocol: surface.visualProtocol,
      input: surface.inputName,
      output: surface.outputName,
    },
  ];
}
