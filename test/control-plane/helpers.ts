import { IDENTITY_ACCENTS, makeIdentity, type AgentIdentity } from '../../src/domain/index.js';
import { ControlPlane, type ControlPlaneConfig } from '../../src/daemon/control-plane/index.js';

/** `codex/<name>`, the scenario notation of control-plane.md §21. */
export function id(name: string): AgentIdentity {
  return makeIdentity('codex', name);
}

/** A plane with 4 slots and the scenario defaults unless overridden. */
export function makePlane(overrides: Partial<ControlPlaneConfig> = {}): ControlPlane {
  const selectorCapacity = overrides.selectorCapacity ?? 4;
  return new ControlPlane({
    selectorCapacity,
    accentNames: IDENTITY_ACCENTS.slice(0, selectorCapacity),
    ...overrides,
  });
}

/** Session ids of the visible sessions by slot, then overflow by recency (status order). */
export function statusOrder(plane: ControlPlane): string[] {
  return plane.sessions().map((session) => session.identity.sessionId);
}

export function slotOf(plane: ControlPlane, name: string): number | null | undefined {
  return plane.session(id(name))?.slot;
}

export function accentOf(plane: ControlPlane, name: string): string | null | undefined {
  return plane.session(id(name))?.accent;
}
