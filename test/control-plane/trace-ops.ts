import fc from 'fast-check';
import { AGENT_STATES, CONTROL_ACTIONS, makeIdentity, type AgentIdentity, type AgentState, type ControlAction } from '../../src/domain/index.js';
import type { ControlPlane, DispatchedAction, PreviewResult, SessionSnapshot } from '../../src/daemon/control-plane/index.js';

/** Sizes of the random world; §19 fixes 8 identities, 12 connections, 4 lease ids. */
export interface TraceWorld {
  readonly identities: number;
  readonly connections: number;
  readonly leases: number;
  readonly capacity: number;
}

export const SPEC_WORLD: TraceWorld = { identities: 8, connections: 12, leases: 4, capacity: 4 };

type Metadata = Record<string, string>;

/** An identity index, or the selected identity at the time the step runs (so presses find subscribers). */
type Target = number | 'selected';

/** One step of a trace; `dt` advances the monotonic clock before the step runs. */
type TraceStep<Who> = { readonly dt: number } & (
  | { kind: 'update'; who: Who; state: AgentState; metadata: Metadata }
  | { kind: 'end'; who: number }
  | { kind: 'select'; slot: number }
  | { kind: 'subscribe'; conn: number; who: Who; actions: ControlAction[]; requestId: string | null; oneShot: boolean }
  | { kind: 'disconnect'; conn: number }
  | { kind: 'register'; conn: number; lease: number; agent: number | null; metadata: Metadata }
  | { kind: 'bindState'; lease: number; who: number; state: AgentState; metadata: Metadata }
  | { kind: 'tick' }
  | { kind: 'dispatch'; action: ControlAction }
  | { kind: 'preview'; conn: number; previewId: string; state: AgentState; ttl: number }
  | { kind: 'endPreview'; conn: number; previewId: string }
);

export type TraceOp = TraceStep<Target>;
/** A step whose target has been resolved against the plane. */
export type ConcreteOp = TraceStep<number>;

export function who(index: number): AgentIdentity {
  return makeIdentity('codex', `s${index}`);
}

export function leaseName(index: number): string {
  return `lease-${index}`;
}

const metadata = fc.record({ label: fc.constantFrom('docs', 'impl'), cwd: fc.constantFrom('/a/b', '/', '.') }, { requiredKeys: [] });
const state = fc.constantFrom(...AGENT_STATES);
// Approval waits are over-weighted so eviction protection and refill order are exercised often.
const updateState = fc.oneof(state, fc.constant<AgentState>('waiting_for_approval'));
const action = fc.constantFrom(...CONTROL_ACTIONS);
// Many steps share a clock value or follow closely, so debounce windows and zero holds are hit.
const dt = fc.oneof(
  fc.constantFrom(0, 0.05),
  fc.integer({ min: 0, max: 40 }).map((steps) => steps / 20),
);

export function traceOp(world: TraceWorld): fc.Arbitrary<TraceOp> {
  const person = fc.nat({ max: world.identities - 1 });
  const target = fc.oneof(person, fc.constant('selected' as const));
  const conn = fc.nat({ max: world.connections - 1 });
  const lease = fc.nat({ max: world.leases - 1 });
  const previewId = fc.constantFrom('p1', 'p2');
  const body = fc.oneof(
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('update' as const), who: target, state: updateState, metadata }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('end' as const), who: person }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('select' as const), slot: fc.integer({ min: -1, max: world.capacity + 1 }) }) },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('subscribe' as const),
        conn,
        who: target,
        actions: fc.subarray([...CONTROL_ACTIONS]),
        requestId: fc.option(fc.constantFrom('r1', 'r2'), { nil: null }),
        oneShot: fc.boolean(),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('disconnect' as const), conn }) },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('register' as const), conn, lease, agent: fc.option(person, { nil: null }), metadata }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('bindState' as const), lease, who: person, state: updateState, metadata }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('tick' as const) }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('dispatch' as const), action }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('preview' as const),
        conn,
        previewId,
        state,
        ttl: fc.integer({ min: 1, max: 60 }).map((tenths) => tenths / 10),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('endPreview' as const), conn, previewId }) },
  );
  return fc.tuple(dt, body).map(([step, op]) => ({ dt: step, ...op }) as TraceOp);
}

/** Replaces a 'selected' target by the selected identity's index (or 0 when nothing is selected). */
export function resolveOp(plane: ControlPlane, op: TraceOp): ConcreteOp {
  if (!('who' in op) || op.who !== 'selected') return op as ConcreteOp;
  const selected = plane.selection();
  return { ...op, who: selected === null ? 0 : Number(selected.sessionId.slice(1)) };
}

/**
 * Traces of exactly `steps` steps. Besides single steps they contain press
 * bursts (the same action pressed again within a few hundredths of a second),
 * which single random steps almost never produce, so debounce is exercised.
 */
export function trace(world: TraceWorld, steps: { min: number; max: number }): fc.Arbitrary<TraceOp[]> {
  const burst = fc
    .tuple(action, fc.array(fc.constantFrom(0, 0.02, 0.05, 0.3), { minLength: 1, maxLength: 3 }))
    .map(([pressed, gaps]) => gaps.map((gap): TraceOp => ({ dt: gap, kind: 'dispatch', action: pressed })));
  const chunk = fc.oneof({ weight: 12, arbitrary: traceOp(world).map((op) => [op]) }, { weight: 1, arbitrary: burst });
  return fc.array(chunk, { minLength: steps.min, maxLength: steps.max, size: 'max' }).map((chunks) => chunks.flat().slice(0, steps.max));
}

/** What a step returned, for the checks that need it. */
export type StepResult =
  | { kind: 'boolean'; value: boolean }
  | { kind: 'session'; value: SessionSnapshot | null }
  | { kind: 'dispatch'; value: DispatchedAction | null }
  | { kind: 'preview'; value: PreviewResult }
  | { kind: 'none' };

export function applyOp(plane: ControlPlane, op: ConcreteOp, now: number): StepResult {
  switch (op.kind) {
    case 'update':
      return { kind: 'session', value: plane.update(who(op.who), op.state, now, op.metadata) };
    case 'end':
      return { kind: 'boolean', value: plane.end(who(op.who)) };
    case 'select':
      return { kind: 'boolean', value: plane.selectSlot(op.slot, now) };
    case 'subscribe':
      plane.subscribe(op.conn, who(op.who), op.actions, op.requestId, op.oneShot, now);
      return { kind: 'none' };
    case 'disconnect':
      return { kind: 'boolean', value: plane.disconnect(op.conn) };
    case 'register':
      return {
        kind: 'session',
        value: plane.registerLease(op.conn, leaseName(op.lease), op.agent === null ? null : who(op.agent), op.metadata, now),
      };
    case 'bindState':
      plane.bindLease(leaseName(op.lease), who(op.who), op.metadata, now);
      return { kind: 'session', value: plane.update(who(op.who), op.state, now, op.metadata) };
    case 'tick':
      return { kind: 'boolean', value: plane.tick(now) };
    case 'dispatch':
      return { kind: 'dispatch', value: plane.dispatch(op.action, now) };
    case 'preview':
      return { kind: 'preview', value: plane.setPreview(op.conn, op.previewId, op.state, now + op.ttl) };
    case 'endPreview':
      return { kind: 'boolean', value: plane.endPreview(op.conn, op.previewId) };
  }
}
