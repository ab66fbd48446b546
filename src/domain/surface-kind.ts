/**
 * The kinds of surface `status` names (wire-protocol-1.md §7.5). `serial` (a
 * monome grid) and `hid` (a Stream Deck) extend the reference's two kinds.
 */
export const SURFACE_KINDS = ['midi', 'web', 'serial', 'hid'] as const;
export type SurfaceKind = (typeof SURFACE_KINDS)[number];

export function isSurfaceKind(value: unknown): value is SurfaceKind {
  return typeof value === 'string' && (SURFACE_KINDS as readonly string[]).includes(value);
}

/** One physical or virtual surface as `status.surfaces` names it. */
export interface SurfaceDescriptor {
  readonly kind: SurfaceKind;
  readonly profile: string;
  readonly visualProtocol: number;
  readonly input: string;
  readonly output: string;
}
