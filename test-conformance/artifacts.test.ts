import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/main.js';
import { AGENT_STATES, CONTROL_ACTIONS, IDENTITY_ACCENTS } from '../src/domain/index.js';
import { ACTION_STATES, GLYPHS, STATE_HEIGHT, STATE_WIDTH, VISUAL_PROTOCOL_VERSION } from '../src/visual-protocol/index.js';
import { captureIo } from '../test/helpers/capture-io.js';
import { readPublished } from '../test/helpers/published-files.js';
import { BUILTIN_IDS, BUILTIN_ROOT, REPO_ROOT, builtinJson } from '../test/profiles/helpers.js';
import { referenceJson, referenceSchemaErrors, referenceSchemaPath } from './helpers/reference.js';

/** The files we ship (built-in profiles, packaged Demo and Show) and our constants, against the reference's artifacts. */

const jsonFilesIn = (folder: string): string[] =>
  readdirSync(`${REPO_ROOT}${folder}`)
    .filter((name) => name.endsWith('.json'))
    .map((name) => `${REPO_ROOT}${folder}/${name}`);

/**
 * A profile without the Pad-Lattice extensions the reference schema does not know
 * (verified_against, usb, max_messages_per_second, palette_sysex, the extended show_rgb).
 */
function withoutExtensions(doc: Record<string, any>): Record<string, any> {
  delete doc['verified_against'];
  delete doc['usb'];
  delete doc['max_messages_per_second'];
  delete doc['capabilities']?.['palette_sysex'];
  const rgb = doc['capabilities']?.['show_rgb'];
  if (rgb !== undefined && ['group', 'length_header', 'lights'].some((key) => key in rgb)) delete doc['capabilities']['show_rgb'];
  return doc;
}

describe('shipped files under the reference schemas', () => {
  it.each(BUILTIN_IDS)('built-in profile %s, once our extensions are taken out', (id) => {
    expect(referenceSchemaErrors('device-profile-v1.json', withoutExtensions(builtinJson(id)))).toBeNull();
  });

  it('the extensions are confined to verified_against, usb, max_messages_per_second, palette_sysex and show_rgb: the profiles without them validate unchanged', () => {
    const plain = BUILTIN_IDS.filter((id) => JSON.stringify(withoutExtensions(builtinJson(id))) === JSON.stringify(builtinJson(id)));
    expect(plain).toEqual(['akai/apc/mini']);
  });

  it.each([
    ...jsonFilesIn('demos').map((file) => [file, 'demo-manifest-v1.json']),
    ...jsonFilesIn('shows').map((file) => [file, 'performance-manifest-v1.json']),
  ])('%s', (file, schema) => {
    expect(referenceSchemaErrors(schema!, JSON.parse(readFileSync(file!, 'utf8')))).toBeNull();
  });

  it('`profile validate --schema` with the reference schema accepts every built-in profile without extensions', async () => {
    const plain = BUILTIN_IDS.filter((id) => JSON.stringify(withoutExtensions(builtinJson(id))) === JSON.stringify(builtinJson(id)));
    const files = plain.map((id) => `${BUILTIN_ROOT}${id}.json`);
    const io = captureIo('', { NO_COLOR: '1', HOME: '/nonexistent' });
    const code = await runCli(['profile', 'validate', '--schema', referenceSchemaPath('device-profile-v1.json'), ...files], io.io);
    expect({ code, stderr: io.stderr() }).toEqual({ code: 0, stderr: '' });
  });
});

describe("Visual Protocol 1 constants against the reference's fixture", () => {
  const fixture = referenceJson('visual-protocol-v1.json');

  it('our published schemas/visual-protocol.json is the fixture, member for member', () => {
    expect(readPublished('visual-protocol.json')).toEqual(fixture);
  });

  it('our constants are the fixture', () => {
    expect(VISUAL_PROTOCOL_VERSION).toBe(fixture['visual_protocol']);
    expect({ width: STATE_WIDTH, height: STATE_HEIGHT }).toEqual(fixture['state_region']);
    expect([...IDENTITY_ACCENTS]).toEqual(fixture['identity_accents']);
    const glyphs = fixture['glyphs'] as Record<string, unknown>;
    expect(Object.keys(glyphs).sort()).toEqual([...AGENT_STATES].sort());
    for (const state of AGENT_STATES)
      expect(
        GLYPHS[state].map((cell) => [...cell]),
        state,
      ).toEqual(glyphs[state]);
    const actionStates = fixture['action_states'] as Record<string, unknown>;
    expect(Object.keys(actionStates).sort()).toEqual([...CONTROL_ACTIONS].sort());
    for (const action of CONTROL_ACTIONS) expect([...ACTION_STATES[action]], action).toEqual(actionStates[action]);
  });
});
