import fc from 'fast-check';
import {
  AGENT_STATES,
  APPROVAL_TIERS,
  CONTROL_ACTIONS,
  EXPERIENCE_KINDS,
  IDENTITY_ACCENTS,
  makeShowColor,
  makeSurfaceView,
} from '../../../src/domain/index.js';
import { WEB_ERRORS } from '../../../src/web/protocol/errors.js';
import { experienceStateMessage } from '../../../src/web/protocol/experience-message.js';
import { WEB_EXTENSIONS, extensionsMessage, overflowMessage, pressResultMessage } from '../../../src/web/protocol/extension-messages.js';
import { performanceFrameMessage } from '../../../src/web/protocol/performance-message.js';
import { promptMessage } from '../../../src/web/protocol/prompt-message.js';
import { REMOTE_REVOKED_MESSAGE, authenticatedMessage, errorMessage, pairingMessage } from '../../../src/web/protocol/server-messages.js';
import { surfaceMessage } from '../../../src/web/protocol/surface-message.js';

const slot = fc.integer({ min: 0, max: 7 });
const color = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((rgb) => makeShowColor('red', rgb));
const rail = fc.array(color, { minLength: 8, maxLength: 8 });
const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });
const pressTarget = fc.record({ slot: nullable(slot), label: fc.string({ maxLength: 100 }), accent: nullable(fc.constantFrom(...IDENTITY_ACCENTS)) });

/** Every kind of message the daemon writes, built by the daemon's own builders. */
export const daemonMessage: fc.Arbitrary<object> = fc.oneof(
  fc
    .record({
      selectedState: nullable(fc.constantFrom(...AGENT_STATES)),
      frame: fc.nat(),
      sessions: fc.array(
        fc.record({
          slot,
          state: fc.constantFrom(...AGENT_STATES),
          selected: fc.boolean(),
          accent: fc.constantFrom(...IDENTITY_ACCENTS),
          label: fc.string({ maxLength: 120 }),
        }),
        { maxLength: 8 },
      ),
      availableActions: fc.subarray([...CONTROL_ACTIONS]),
      overflowCount: fc.nat(30),
      activityMotion: fc.boolean(),
    })
    .map((init) => surfaceMessage(makeSurfaceView(init))),
  fc
    .record({
      status: fc.constantFrom('idle' as const, 'blocked' as const, 'starting' as const, 'playing' as const),
      kind: nullable(fc.constantFrom(...EXPERIENCE_KINDS)),
      title: nullable(fc.string()),
      cueIndex: nullable(fc.nat()),
      caption: nullable(fc.string()),
      detail: nullable(fc.string()),
      elapsedMs: fc.nat(),
      durationMs: nullable(fc.integer({ min: 1 })),
      tempo: fc.double({ min: 0.01, max: 4, noNaN: true }),
      audioAsset: nullable(fc.string()),
      audioCue: nullable(fc.string()),
      audioSlot: nullable(slot),
      audioSequence: fc.nat(),
      startDelayMs: fc.nat(),
      reason: nullable(fc.string()),
    })
    .map(experienceStateMessage),
  fc.record({ grid: fc.array(rail, { minLength: 8, maxLength: 8 }), top: rail, right: rail }).map(performanceFrameMessage),
  fc
    .tuple(fc.boolean(), nullable(fc.string({ minLength: 43, maxLength: 43 })), fc.boolean())
    .map(([admin, token, lan]) => authenticatedMessage(admin, token, lan)),
  fc.record({ pin: fc.integer({ min: 0, max: 999_999 }), expiresIn: fc.integer({ min: 1, max: 300 }) }).map(({ pin, expiresIn }) =>
    pairingMessage({
      pin: String(pin).padStart(6, '0'),
      pairingUrl: 'http://192.0.2.1:8765/#pair=x',
      qrDataUri: 'data:image/svg+xml;base64,PHN2Zy8+',
      expiresIn,
    }),
  ),
  fc.constantFrom(...Object.values(WEB_ERRORS)).map(errorMessage),
  fc.constant(REMOTE_REVOKED_MESSAGE),
  fc.subarray([...WEB_EXTENSIONS]).map(extensionsMessage),
  fc
    .tuple(
      fc.constantFrom(...CONTROL_ACTIONS, 'select' as const, 'answer' as const),
      fc.oneof(
        fc.record({ kind: fc.constant('answered' as const), option: fc.nat(7), agent: pressTarget }),
        fc.record({
          kind: fc.constant('not_answered' as const),
          reason: fc.constantFrom('gone' as const, 'answered' as const, 'no_option' as const, 'not_delivered' as const),
        }),
        fc.constant('dropped' as const),
        fc.record({ kind: fc.constant('delivered' as const), action: fc.constantFrom(...CONTROL_ACTIONS), agent: pressTarget }),
        fc.record({
          kind: fc.constant('refused' as const),
          action: fc.constantFrom(...CONTROL_ACTIONS),
          reason: fc.constantFrom('no_selection' as const, 'nothing_waiting' as const, 'too_soon' as const, 'not_delivered' as const),
        }),
        fc.record({ kind: fc.constant('selected' as const), agent: pressTarget }),
        fc.record({ kind: fc.constant('not_selected' as const), reason: fc.constantFrom('gone' as const, 'no_room' as const) }),
        fc.constant({ kind: 'experience' as const }),
      ),
    )
    .map(([press, outcome]) => pressResultMessage(press, outcome)),
  fc
    .record({
      overflowCount: fc.nat(40),
      overflow: fc.array(
        fc.record({
          ref: fc.nat(),
          state: fc.constantFrom(...AGENT_STATES),
          label: fc.string({ maxLength: 100 }),
          accent: nullable(fc.constantFrom(...IDENTITY_ACCENTS)),
        }),
        { maxLength: 12 },
      ),
    })
    .map(({ overflowCount, overflow }) => overflowMessage({ ...makeSurfaceView({ selectedState: null, overflowCount }), overflow })),
  fc
    .tuple(
      fc.oneof(
        fc.constant(undefined),
        fc.record({
          kind: fc.constant('approval' as const),
          tier: fc.constantFrom(...APPROVAL_TIERS),
          tool: fc.string({ maxLength: 20 }),
          description: fc.string({ maxLength: 160 }),
        }),
        fc.record({
          kind: fc.constant('question' as const),
          ref: fc.nat(),
          questionIndex: fc.nat(7),
          questionCount: fc.integer({ min: 1, max: 8 }),
          question: fc.record({
            question: fc.string({ maxLength: 40 }),
            header: fc.string({ maxLength: 10 }),
            options: fc.array(fc.record({ label: fc.string({ maxLength: 20 }), description: fc.string({ maxLength: 20 }) }), { minLength: 1, maxLength: 8 }),
            multiSelect: fc.boolean(),
          }),
          selected: fc.uniqueArray(fc.nat(7), { maxLength: 8 }).map((options) => options.sort((a, b) => a - b)),
        }),
      ),
      fc.constantFrom('full' as const, 'short' as const, 'none' as const),
      fc.boolean(),
    )
    .map(([prompt, detail, shared]) => promptMessage(prompt, detail, shared)),
);
