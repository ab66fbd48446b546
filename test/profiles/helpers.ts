import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { parseDeviceProfile, type DeviceProfile, type ProfileIssue } from '../../src/profiles/index.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BUILTIN_ROOT = fileURLToPath(new URL('../../profiles/', import.meta.url));
export const FIXTURES = fileURLToPath(new URL('../fixtures/profiles/', import.meta.url));

export const REFERENCE_IDS = ['novation/launchpad/mini-mk3', 'novation/launchpad/pro-mk1', 'novation/launchpad/pro-mk3'];
export const BUILTIN_IDS = [
  'ableton/push/push-2',
  'ableton/push/push-3',
  'akai/apc/mini',
  'akai/apc/mini-mk2',
  'novation/launchpad/mini',
  'novation/launchpad/mini-mk3',
  'novation/launchpad/mk1',
  'novation/launchpad/mk2',
  'novation/launchpad/pro-mk1',
  'novation/launchpad/pro-mk3',
  'novation/launchpad/s',
  'novation/launchpad/x',
];
/** The built-in serial/HID surface profiles (monome grids, Stream Decks, the Corsair keyboard's deck). */
export const SURFACE_IDS = [
  'corsair/galleon/k100',
  'elgato/stream-deck/mini',
  'elgato/stream-deck/mk-2',
  'elgato/stream-deck/neo',
  'elgato/stream-deck/plus',
  'elgato/stream-deck/plus-xl',
  'elgato/stream-deck/studio',
  'elgato/stream-deck/xl',
  'monome/grid/128',
  'monome/grid/256',
  'monome/grid/64',
];

export type Json = Record<string, any>;

/** A fresh, mutable copy of a built-in profile's JSON. */
export function builtinJson(id: string): Json {
  return JSON.parse(readFileSync(`${BUILTIN_ROOT}${id}.json`, 'utf8')) as Json;
}

/** The Pro Mk1 document with `edit` applied: the base of most rule scenarios. */
export function proMk1(edit: (doc: Json) => void = () => {}): Json {
  const doc = builtinJson('novation/launchpad/pro-mk1');
  edit(doc);
  return doc;
}

export function issuesOf(doc: unknown): readonly ProfileIssue[] {
  const result = parseDeviceProfile(doc, 'test.json');
  return result.ok ? [] : result.issues;
}

/** The first issue: the one the reference parser, which stops at the first rule, reports. */
export function firstIssue(doc: unknown): ProfileIssue {
  const issues = issuesOf(doc);
  expect(issues.length, 'expected the profile to be rejected').toBeGreaterThan(0);
  return issues[0]!;
}

export function firstLine(doc: unknown): string {
  const issue = firstIssue(doc);
  return `${issue.path}: ${issue.message}`;
}

export function accepted(doc: unknown): DeviceProfile {
  const result = parseDeviceProfile(doc, 'test.json');
  if (!result.ok) throw new Error(`expected a valid profile, got:\n${result.issues.map((i) => `${i.path}: ${i.message}`).join('\n')}`);
  return result.profile;
}

export const cc = (number: number, channel = 0) => ({ kind: 'cc' as const, number, channel });
export const note = (number: number, channel = 0) => ({ kind: 'note' as const, number, channel });
