import { z } from 'zod';
import { unknownKeysMessage } from './unknown-keys.js';

/**
 * Zod building blocks for Device Profile Schema 1. Every leaf carries its own
 * message, so a profile author reads the rule that was broken ("must be an
 * integer from 0 to 127"), never zod's generic wording.
 */

/** The rule's text, saying so when the key was missing altogether. */
export function textFor(issue: { input?: unknown }, text: string): string {
  return issue.input === undefined ? `${text} (missing)` : text;
}

/** An error option with a fixed text (plus "(missing)" when the key is absent). */
export function says(text: string) {
  return { error: (issue: { input?: unknown }) => textFor(issue, text) };
}

export function integerFrom(min: number, max: number) {
  const text = `must be an integer from ${min} to ${max}`;
  return z.int(says(text)).min(min, says(text)).max(max, says(text));
}

/** A MIDI data byte: colour value, note or controller number. */
export const midiValue = integerFrom(0, 127);

/** A zero-based MIDI channel. Explicit `null` is an error, only absence means 0. */
export const midiChannel = integerFrom(0, 15);

// `abort` keeps an empty string from also failing the checks chained after this one.
export const nonEmptyString = z.string(says('must be a non-empty string')).min(1, { ...says('must be a non-empty string'), abort: true });

export const MIDI_KINDS = ['note', 'cc'] as const;
export type MidiKind = (typeof MIDI_KINDS)[number];

export const midiKind = z.enum(MIDI_KINDS, says("must be 'note' or 'cc'"));

/**
 * Every profile object is closed: unknown keys are an error whose message
 * lists them sorted (as the spec asks for the sections that were closed in
 * Schema 1) and says which known key each one probably meant.
 */
export function closedObject<T extends z.core.$ZodLooseShape>(shape: T, unknownWhat = 'keys') {
  const known = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') return unknownKeysMessage(unknownWhat, issue.keys, known);
      return textFor(issue, 'must be a JSON object');
    },
  });
}

export const addressSchema = closedObject({
  kind: midiKind,
  number: midiValue,
  channel: midiChannel.default(0),
}).meta({ id: 'address', description: 'One light or control: (kind, number, channel); channels are zero-based.' });

export type ProfileAddress = z.output<typeof addressSchema>;

export function arrayOf<T extends z.ZodType>(item: T) {
  return z.array(item, says('must be an array'));
}
