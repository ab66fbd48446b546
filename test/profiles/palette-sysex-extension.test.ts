import { describe, expect, it } from 'vitest';
import { compileSchema } from './ajv.js';
import { deviceProfileJsonSchema } from '../../src/profiles/index.js';
import { accepted, firstLine, issuesOf, proMk1, type Json } from './helpers.js';

/** The Pro Mk1 document with a palette_sysex capability. */
const withBatch = (paletteSysex: Json, edit: (doc: Json) => void = () => {}) =>
  proMk1((doc) => {
    doc.capabilities.palette_sysex = paletteSysex;
    edit(doc);
  });

// Launchpad Pro Programmer's Reference Guide 1.01, "Light LED using SysEx" (p. 20): 0Ah, up to 97 pairs.
const PRO_MK1_BATCH = { sysex_prefix: [0, 32, 41, 2, 16, 10], batch_size: 97 };
const MK3_BATCH = { sysex_prefix: [0, 32, 41, 2, 12, 3], batch_size: 81, group: [0, 'led', 'value'] };

describe('palette_sysex extension', () => {
  it('Schema 1 profiles are unchanged: without it, lights go out one message each', () => {
    expect(accepted(proMk1()).capabilities.palette_sysex).toBeUndefined();
  });

  it('accepts the Pro Mk1 / MK2 pair layout (the default group) and a typed layout', () => {
    expect(accepted(withBatch(PRO_MK1_BATCH)).capabilities.palette_sysex).toEqual(PRO_MK1_BATCH);
    expect(accepted(withBatch(MK3_BATCH)).capabilities.palette_sysex?.group).toEqual([0, 'led', 'value']);
  });

  it('a group carries one LED number and one palette value, each exactly once', () => {
    expect(issuesOf(withBatch({ ...MK3_BATCH, group: [0, 'led'] })).map((i) => `${i.path}: ${i.message}`)).toEqual([
      'capabilities.palette_sysex.group: needs "value" exactly once',
    ]);
    expect(firstLine(withBatch({ ...MK3_BATCH, group: ['led', 'led', 'value'] }))).toBe('capabilities.palette_sysex.group: needs "led" exactly once');
    expect(firstLine(withBatch({ ...MK3_BATCH, group: [0, 'led', 'colour'] }))).toBe(
      'capabilities.palette_sysex.group[2]: must be a byte from 0 to 127 or one of led, value',
    );
  });

  it('its fields are checked and closed, with a did-you-mean', () => {
    expect(firstLine(withBatch({ ...PRO_MK1_BATCH, batch_size: 128 }))).toBe('capabilities.palette_sysex.batch_size: must be an integer from 1 to 127');
    expect(firstLine(withBatch({ ...PRO_MK1_BATCH, sysex_prefix: [] }))).toBe(
      'capabilities.palette_sysex.sysex_prefix: must be a non-empty array of integers from 0 to 127',
    );
    expect(firstLine(withBatch({ ...PRO_MK1_BATCH, sysex_prefix: [240, 0] }))).toMatch(
      /^capabilities\.palette_sysex\.sysex_prefix\[0\]: must be an integer from 0 to 127/,
    );
    expect(firstLine(withBatch({ ...PRO_MK1_BATCH, batch_sise: 97 }))).toBe(
      'capabilities.palette_sysex: unknown fields: batch_sise (did you mean batch_size?)',
    );
    expect(firstLine(proMk1((doc) => (doc.capabilities.palete_sysex = PRO_MK1_BATCH)))).toMatch(/unknown keys: palete_sysex \(did you mean palette_sysex\?\)/);
  });

  it('the SysEx addresses LEDs by number, so two different lights may not share one', () => {
    // A selector moved to note 11 on channel 1: not a canvas pad (another channel), but LED 11 is the bottom-left pad.
    const clash = (doc: Json) => (doc.surface.agent_selectors[7] = { kind: 'note', number: 11, channel: 1 });
    expect(issuesOf(proMk1(clash))).toEqual([]);
    expect(firstLine(withBatch(PRO_MK1_BATCH, clash))).toBe(
      'surface.agent_selectors[7]: capabilities.palette_sysex needs unique numeric light addresses: note 11 on channel 1 shares number 11 with grid.rows[7][0]',
    );
    // One address in two roles (a selector that is also a showcase light) is one light: fine.
    accepted(withBatch(PRO_MK1_BATCH));
  });

  it('is described in the generated JSON Schema, which accepts it and rejects a misspelt field', () => {
    const validate = compileSchema(deviceProfileJsonSchema());
    expect(validate(withBatch(MK3_BATCH))).toBe(true);
    expect(validate(withBatch({ ...MK3_BATCH, batch_sise: 81 }))).toBe(false);
    expect(validate(withBatch({ ...MK3_BATCH, group: [0, 'led', 'colour'] }))).toBe(false);
  });
});
