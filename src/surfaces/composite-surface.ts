import type { ControlSurface, ExperienceView, ShowFrame, SurfaceEvent, SurfaceView } from '../domain/index.js';
import { closeAllInReverse, initializeAllOrClose } from './member-lifecycle.js';

/** One member as daemon status describes it (wire-protocol `status.surfaces`). */
export interface MemberDescriptor {
  readonly kind: 'midi' | 'web';
  readonly profile: string;
  readonly visualProtocol: number;
  readonly input: string;
  readonly output: string;
}

export class CompositeSurfaceError extends Error {
  override readonly name = 'CompositeSurfaceError';
}

function checkCompatible(members: readonly ControlSurface[]): void {
  const first = members[0];
  if (first === undefined) throw new CompositeSurfaceError('a composite surface needs at least one member');
  for (const member of members.slice(1)) {
    const which = `${member.profileId} vs ${first.profileId}`;
    if (member.selectorCapacity !== first.selectorCapacity) {
      throw new CompositeSurfaceError(`composite members need equal selector capacity (${which}: ${member.selectorCapacity} vs ${first.selectorCapacity})`);
    }
    if (member.accentNames.join(',') !== first.accentNames.join(',')) {
      throw new CompositeSurfaceError(
        `composite members need the same accent order (${which}: ${member.accentNames.join(', ')} vs ${first.accentNames.join(', ')})`,
      );
    }
    if (member.visualProtocol !== first.visualProtocol) {
      throw new CompositeSurfaceError(`composite members need one visual protocol (${which}: ${member.visualProtocol} vs ${first.visualProtocol})`);
    }
  }
}

/**
 * Several surfaces driven as one (midi-rendering.md §13), e.g. the browser pad
 * and a MIDI controller: every view and Show frame goes to each member in
 * order, and their presses are merged in member order.
 *
 * QUIRK choices: the reference's rollback after a failed initialize() closes
 * only the members initialised so far and lets a rollback error replace the
 * original. Here every member is closed — also those after the failing one,
 * whose ports are open too (each member's close is idempotent and tolerates
 * never having been initialised) — in reverse order, and the original error
 * is the one re-thrown.
 */
export class CompositeSurface implements ControlSurface {
  readonly surfaceKind = 'composite' as const;
  readonly profileId: string;
  readonly inputName: string;
  readonly outputName: string;
  readonly selectorCapacity: number;
  readonly accentNames: readonly string[];
  readonly visualProtocol: number;
  readonly #members: readonly ControlSurface[];
  #closed = false;

  constructor(members: readonly ControlSurface[]) {
    checkCompatible(members);
    const first = members[0]!;
    this.#members = [...members];
    this.profileId = members.map((member) => member.profileId).join('+');
    this.inputName = members.map((member) => member.inputName).join('; ');
    this.outputName = members.map((member) => member.outputName).join('; ');
    this.selectorCapacity = first.selectorCapacity;
    this.accentNames = first.accentNames;
    this.visualProtocol = first.visualProtocol;
  }

  /** One per member, in member order; a member that is neither `midi` nor `web` is an error. */
  get descriptors(): MemberDescriptor[] {
    return this.#members.map((member) => {
      const kind = member.surfaceKind;
      if (kind !== 'midi' && kind !== 'web') {
        throw new CompositeSurfaceError(`composite member ${member.profileId} has kind '${kind}'; only midi and web can be combined`);
      }
      return { kind, profile: member.profileId, visualProtocol: member.visualProtocol, input: member.inputName, output: member.outputName };
    });
  }

  initialize(): void {
    initializeAllOrClose(this.#members, () => this.close());
  }

  /** Forwarded in member order; a member that throws stops the fan-out for this call. */
  render(view: SurfaceView): void {
    for (const member of this.#members) member.render(view);
  }

  renderShowFrame(frame: ShowFrame): void {
    for (const member of this.#members) member.renderShowFrame(frame);
  }

  /** Forwarded to the members that show the Demo/Show lifecycle (the browser); MIDI members have no use for it. */
  setExperience(view: ExperienceView): void {
    for (const member of this.#members) member.setExperience?.(view);
  }

  pollEvents(): SurfaceEvent[] {
    return this.#members.flatMap((member) => member.pollEvents());
  }

  /** Idempotent; every member in reverse order, each attempted; the first error is re-thrown. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    closeAllInReverse(this.#members);
  }
}
