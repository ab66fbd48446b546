import {
  REMOTE_HOST_METADATA_KEY,
  type AgentState,
  type ApproveHoldView,
  type ControlAction,
  type ExperienceBlock,
  type SurfacePrompt,
  type SurfaceView,
} from '../../domain/index.js';
import { shownMetadata, type SessionRecord } from './session-record.js';
import type { SessionSnapshot } from './types.js';

/** A frozen copy of one session for status and acknowledgements (control-plane.md §18). */
export function snapshotOf(record: SessionRecord, selected: boolean, leased: boolean): SessionSnapshot {
  const { metadata, label } = shownMetadata(record);
  return Object.freeze({
    identity: record.identity,
    state: record.state,
    slot: record.slot,
    accent: record.accent,
    selected,
    leased,
    label,
    metadata,
  });
}

const labelOf = (record: SessionRecord): string => shownMetadata(record).label;

/** `{ host }` for a session `pad-lattice remote` relays from another machine, else nothing. */
function hostOf(record: SessionRecord): { host?: string } {
  const host = record.metadata.get(REMOTE_HOST_METADATA_KEY);
  return host === undefined ? {} : { host };
}

export interface SurfaceViewParts {
  readonly previewState: AgentState | null;
  readonly selected: SessionRecord | null;
  readonly visible: readonly SessionRecord[];
  readonly accentNames: readonly string[];
  readonly availableActions: ReadonlySet<ControlAction>;
  readonly overflowCount: number;
  /** Overflow sessions in the order they would get a Scene (refill order, §8). */
  readonly overflow: readonly SessionRecord[];
  readonly frame: number;
  readonly activityMotion: boolean;
  /** What the selected agent asks, or null. */
  readonly prompt: SurfacePrompt | null;
  readonly hold: ApproveHoldView | null;
  readonly experienceBlock: ExperienceBlock | null;
}

/** §17.7: the hardware-independent snapshot every surface renders. */
export function buildSurfaceView(parts: SurfaceViewParts): SurfaceView {
  const previewing = parts.previewState !== null;
  return Object.freeze({
    selectedState: parts.previewState ?? parts.selected?.state ?? null,
    frame: parts.frame,
    sessions: Object.freeze(
      parts.visible.map((record) => {
        const slot = record.slot ?? 0;
        return Object.freeze({
          slot,
          state: record.state,
          selected: record === parts.selected,
          // A visible session always has an accent; the fallback only guards the type.
          accent: record.accent ?? parts.accentNames[slot] ?? '',
          label: labelOf(record),
          ...hostOf(record),
        });
      }),
    ),
    availableActions: parts.availableActions,
    overflowCount: parts.overflowCount,
    activityMotion: parts.activityMotion && !previewing,
    overflow: Object.freeze(
      parts.overflow.map((record) =>
        Object.freeze({
          ref: record.serial,
          state: record.state,
          label: labelOf(record),
          accent: record.accent,
          ...hostOf(record),
        }),
      ),
    ),
    ...(parts.prompt === null ? {} : { prompt: parts.prompt }),
    ...(parts.hold === null ? {} : { hold: parts.hold }),
    ...(parts.experienceBlock === null ? {} : { experienceBlock: parts.experienceBlock }),
  });
}
