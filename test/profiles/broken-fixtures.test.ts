import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { captureIo } from '../helpers/capture-io.js';
import { FIXTURES } from './helpers.js';

const BROKEN = `${FIXTURES}broken/`;

/** Each hand-made fixture breaks one rule; this is the field `profile validate` must name. */
const OFFENDING_FIELD: Readonly<Record<string, string>> = {
  'schema-version-2': 'schema_version',
  'visual-protocol-string': 'visual_protocol',
  'id-not-a-slug': 'id',
  'id-does-not-match-model': 'id',
  'name-empty': 'name',
  'status-beta': 'status',
  'driver-unknown': 'driver',
  'ports-input-empty': 'ports.input',
  'ports-pattern-does-not-compile': 'ports.input[0]',
  'grid-kind-sysex': 'grid.kind',
  'grid-channel-16': 'grid.channel',
  'grid-seven-rows': 'grid.rows',
  'grid-ragged-row': 'grid.rows[4]',
  'grid-duplicate-pad': 'grid.rows[0][1]',
  'grid-value-128': 'grid.rows[3][3]',
  'state-region-8-wide': 'surface.state_region',
  'state-region-exceeds-grid': 'surface.state_region',
  'actions-unknown-undo': 'surface.actions',
  'action-on-canvas-pad': 'surface.actions.approve',
  'selector-on-stop-button': 'surface.agent_selectors[3]',
  'statuses-one-short': 'surface.agent_statuses',
  'indicators-unknown-battery': 'surface.indicators',
  'showcase-seven-top': 'surface.showcase.top',
  'palette-unknown-state': 'palette.states',
  'palette-missing-cancelled': 'palette.states.cancelled',
  'accents-out-of-order': 'accents',
  'accent-name-uppercase': 'accents[0].name',
  'conformance-without-core-state': 'conformance',
  'multi-agent-without-overflow': 'conformance',
  'show-rgb-batch-128': 'capabilities.show_rgb.batch_size',
  'show-rgb-number-clash': 'surface.showcase.top[2]',
  'text-scroll-string': 'capabilities.text_scroll',
  'message-type-pc': 'messages.startup[0].type',
  'selector-channel-null': 'surface.agent_selectors[0].channel',
};

const fixtureNames = readdirSync(BROKEN)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length))
  .sort();

async function validate(...files: string[]) {
  const io = captureIo();
  const code = await runCli(['profile', 'validate', ...files], io.io);
  return {
    code,
    lines: io
      .stdout()
      .split('\n')
      .filter((line) => line !== ''),
    stderr: io.stderr(),
  };
}

describe('hand-made broken profiles (test/fixtures/profiles/broken)', () => {
  it('there are more than twenty, and each has its expected field listed here', () => {
    expect(fixtureNames.length).toBeGreaterThan(20);
    expect(fixtureNames).toEqual(Object.keys(OFFENDING_FIELD).sort());
  });

  it.each(fixtureNames)('%s: profile validate exits 1 and names the offending field', async (name) => {
    const file = `${BROKEN}${name}.json`;
    const { code, lines } = await validate(file);
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.startsWith(`${file}: ${OFFENDING_FIELD[name]}: `), lines[0]).toBe(true);
  });

  it('validating them all at once reports every file, one error a line, and exits 1', async () => {
    const files = fixtureNames.map((name) => `${BROKEN}${name}.json`);
    const { code, lines } = await validate(...files);
    expect(code).toBe(1);
    expect(lines.map((line) => files.find((file) => line.startsWith(`${file}: `)))).toEqual(files);
  });
});
