import { identityKey, type AgentIdentity, type AgentState, type ControlAction, type IdentityKey } from '../../domain/index.js';

/** States that announce themselves; `running` and `user_typing` are recorded but silent (control-plane.md §17.6). */
export type StateCueName = 'question' | 'approval' | 'success' | 'error' | 'cancelled';

export type AudioCue =
  | { readonly kind: 'state'; readonly cue: StateCueName; readonly slot: number | null }
  | { readonly kind: 'session_selected'; readonly slot: number }
  | { readonly kind: 'action'; readonly action: ControlAction }
  | { readonly kind: 'unavailable' };

export type AudioCueEvent =
  /** After each `state` message: the effective state and the session's slot (null in overflow). */
  | { readonly type: 'state_effective'; readonly identity: AgentIdentity; readonly state: AgentState; readonly slot: number | null }
  | { readonly type: 'session_ended'; readonly identity: AgentIdentity }
  /** Any connection closed; `registered` are the identities still in the registry afterwards. */
  | { readonly type: 'connection_closed'; readonly registered: readonly AgentIdentity[] }
  | { readonly type: 'scene_selected'; readonly slot: number }
  | { readonly type: 'action_dispatched'; readonly action: ControlAction }
  | { readonly type: 'action_unavailable' };

const STATE_CUES: Readonly<Partial<Record<AgentState, StateCueName>>> = {
  waiting_for_reply: 'question',
  waiting_for_approval: 'approval',
  success: 'success',
  error: 'error',
  cancelled: 'cancelled',
};

/**
 * Decides which cue to play for each runtime event (§17.6); plays nothing
 * itself. It remembers the last announced state per identity so a repeated
 * state stays silent.
 */
export class AudioCueDecider {
  readonly #announced = new Map<IdentityKey, AgentState>();

  decide(event: AudioCueEvent): AudioCue | null {
    switch (event.type) {
      case 'state_effective':
        return this.#stateCue(event.identity, event.state, event.slot);
      case 'session_ended':
        this.#announced.delete(identityKey(event.identity));
        return null;
      case 'connection_closed':
        this.#forgetUnregistered(event.registered);
        return null;
      case 'scene_selected':
        return { kind: 'session_selected', slot: event.slot };
      case 'action_dispatched':
        return { kind: 'action', action: event.action };
      case 'action_unavailable':
        return { kind: 'unavailable' };
    }
  }

  #stateCue(identity: AgentIdentity, state: AgentState, slot: number | null): AudioCue | null {
    const key = identityKey(identity);
    if (this.#announced.get(key) === state) return null;
    this.#announced.set(key, state);
    const cue = STATE_CUES[state];
    return cue === undefined ? null : { kind: 'state', cue, slot };
  }

  /** TTL expiry alone does not clear the record; only a connection close does (quirk §20.15). */
  #forgetUnregistered(registered: readonly AgentIdentity[]): void {
    const keep = new Set(registered.map(identityKey));
    for (const key of [...this.#announced.keys()]) {
      if (!keep.has(key)) this.#announced.delete(key);
    }
  }
}
