import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { SurfaceView } from '../../src/domain/index.js';
import { LineReader, parseAnswer, reportText, runGuidedTest, type GuidedTestIo, type GuidedTestReport } from '../../src/diagnostics/guided-test/index.js';
import type { DeviceProfile } from '../../src/profiles/index.js';
import { MidiSurface } from '../../src/midi-grid/midi-surface.js';
import { createMockMidiPair, type MockMidiInput } from '../hardware-mocks/mock-midi.js';
import { tempDirsPerTest } from '../helpers/temp-dirs.js';
import { PRO_MK1, profile } from '../midi-grid/helpers.js';

const tempDir = tempDirsPerTest('pl-guided-');

function reportPath(): string {
  return join(tempDir(), 'reports', 'nested', 'report.json'); // parent folders do not exist yet
}

/** Press messages for the Pro Mk1 controls (CC on channel 0, value 127). */
const ACTION_CC: Record<string, number> = { APPROVE: 91, REJECT: 92, STOP: 98, RETRY: 97 };
const SELECTOR_CC = [89, 79, 69, 59, 49, 39, 29, 19];

/**
 * A tester who answers every question with `answer` and presses each control
 * the moment it is asked for (except those in `skip`), on a fake clock that
 * advances with every sleep.
 */
function tester(input: MockMidiInput, options: { answer?: (question: string) => boolean; skip?: readonly string[] } = {}) {
  const questions: string[] = [];
  const instructions: string[] = [];
  let clock = 0;
  const io: GuidedTestIo = {
    ask: async (question) => {
      questions.push(question);
      return options.answer?.(question) ?? true;
    },
    say(text) {
      instructions.push(text);
      const action = /Press the (\w+) control/.exec(text)?.[1];
      const selector = /Press agent selector (\d)/.exec(text)?.[1];
      if (action !== undefined && !options.skip?.includes(action)) input.inject([0xb0, ACTION_CC[action]!, 127]);
      if (selector !== undefined && !options.skip?.includes(`selector ${selector}`)) {
        input.inject([0xb0, 69, 127]); // a press of another selector first: discarded while waiting
        input.inject([0xb0, SELECTOR_CC[Number(selector) - 1]!, 127]);
      }
    },
    sleep: async (seconds) => {
      clock += seconds;
    },
    now: () => clock,
  };
  return { io, questions, instructions };
}

/** A real MIDI surface on mock ports that also counts renders. */
function countingSurface(deviceProfile: DeviceProfile) {
  const { input, output } = createMockMidiPair('Launchpad Pro:Launchpad Pro Standalone Port 20:1');
  const surface = new MidiSurface({ profile: deviceProfile, input, output, greeting: null });
  const renders: SurfaceView[] = [];
  const render = surface.render.bind(surface);
  surface.render = (view) => {
    renders.push(view);
    render(view);
  };
  return { surface, input, output, renders };
}

function run(deviceProfile: DeviceProfile, surface: MidiSurface, io: GuidedTestIo, path: string) {
  return runGuidedTest({
    surface,
    profile: deviceProfile,
    inputPort: surface.descriptor.input,
    outputPort: surface.descriptor.output,
    io,
    timing: { eventTimeout: 2, settleDelay: 0.15 },
    reportPath: path,
    version: '0.1.0',
    environment: { system: 'Linux', release: '6.8.0-test', node: '20.19.0' },
    clock: () => new Date(Date.UTC(2025, 0, 31, 12, 0, 0, 123)),
  });
}

describe('device-profile-schema-1.md §13', () => {
  it('scenario 42: all answers yes and all presses arriving → passed, 18 renders, surface closed, saved file equals the report', async () => {
    const deviceProfile = profile(PRO_MK1);
    const { surface, input, output, renders } = countingSurface(deviceProfile);
    const { io, questions, instructions } = tester(input);
    const path = reportPath();
    const report = await run(deviceProfile, surface, io, path);

    expect(report.passed).toBe(true);
    expect(renders).toHaveLength(18);
    expect(questions).toHaveLength(9);
    expect(instructions).toEqual([
      'Press the APPROVE control.',
      'Press the REJECT control.',
      'Press the STOP control.',
      'Press the RETRY control.',
      ...SELECTOR_CC.map((_, slot) => `Press agent selector ${slot + 1}.`),
    ]);
    expect(output.isOpen()).toBe(false);
    expect(input.isOpen()).toBe(false);
    expect(output.sentHex().at(-1)).toBe('F0 00 20 29 02 10 21 00 F7'); // the profile's shutdown ran
    const saved = readFileSync(path, 'utf8');
    expect(JSON.parse(saved)).toEqual(report);
    expect(saved).not.toContain('prompt');
    expect(saved).not.toContain('session_id');
    expect(report).toEqual({
      schema_version: 1,
      generated_at: '2025-01-31T12:00:00.123+00:00',
      pad_lattice_version: '0.1.0',
      passed: true,
      device: {
        conformance: ['actions', 'core-state', 'multi-agent'],
        input_port: 'Launchpad Pro:Launchpad Pro Standalone Port 20:1',
        output_port: 'Launchpad Pro:Launchpad Pro Standalone Port 20:1',
        profile_id: PRO_MK1,
        profile_status: 'supported',
        visual_protocol: 1,
      },
      environment: { system: 'Linux', release: '6.8.0-test', node: '20.19.0' },
      results: {
        actions: { approve: true, reject: true, retry: true, stop: true },
        completed: true,
        failure_stage: null,
        selectors: { '1': true, '2': true, '3': true, '4': true, '5': true, '6': true, '7': true, '8': true },
        visual: {
          cancelled: true,
          error: true,
          idle: true,
          overflow: true,
          running: true,
          success: true,
          user_typing: true,
          waiting_for_approval: true,
          waiting_for_reply: true,
        },
      },
    });
    // The selector stage shows every slot's accent, selecting one at a time.
    const selectorViews = renders.slice(10);
    expect(selectorViews.map((view) => view.sessions.findIndex((session) => session.selected))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(selectorViews[0]!.sessions.map((session) => session.accent)).toEqual(deviceProfile.lookup.accentNames);
  });

  it('scenario 43: a failing initialize → surface closed, report written with failure_stage initialize, error re-thrown and absent from the report', async () => {
    const deviceProfile = profile(PRO_MK1);
    const { surface, input, output } = countingSurface(deviceProfile);
    output.vanish(); // every send fails: "... is gone (device unplugged)"
    const { io, questions } = tester(input);
    const path = reportPath();
    await expect(run(deviceProfile, surface, io, path)).rejects.toThrow('gone (device unplugged)');
    expect(output.isOpen()).toBe(false);
    expect(input.isOpen()).toBe(false);
    expect(questions).toEqual([]);
    const saved = readFileSync(path, 'utf8');
    const report = JSON.parse(saved) as GuidedTestReport;
    expect(report.passed).toBe(false);
    expect(report.results.failure_stage).toBe('initialize'); // closing failed too; the first stage is kept
    expect(report.results.completed).toBe(false);
    expect(saved).not.toContain('unplugged');
    expect(saved).not.toContain('gone');
  });

  it('scenario 43: a close failure after a complete run becomes the failure, at stage close', async () => {
    const deviceProfile = profile(PRO_MK1);
    const { surface, input, output } = countingSurface(deviceProfile);
    const { io } = tester(input);
    const close = surface.close.bind(surface);
    surface.close = () => {
      output.vanish();
      close();
    };
    const path = reportPath();
    await expect(run(deviceProfile, surface, io, path)).rejects.toThrow('gone');
    const report = JSON.parse(readFileSync(path, 'utf8')) as GuidedTestReport;
    expect(report.results).toMatchObject({ completed: true, failure_stage: 'close' });
    expect(report.passed).toBe(false);
  });

  it('scenario 44: answer parsing', async () => {
    for (const yes of ['Y', ' yes ', 'yes\n', 'y', 'YES']) expect(parseAnswer(yes), JSON.stringify(yes)).toBe(true);
    for (const no of ['n', '', 'yep', 'no', ' y e s']) expect(parseAnswer(no), JSON.stringify(no)).toBe(false);
    expect(parseAnswer(null)).toBe(false); // end of input

    const reader = new LineReader(Readable.from(['Y\r\n yes \n', 'yep\n\nn']));
    const answers: boolean[] = [];
    for (let i = 0; i < 7; i += 1) answers.push(parseAnswer(await reader.readLine()));
    expect(answers).toEqual([true, true, false, false, false, false, false]); // the last two reads are past EOF
    reader.close();
  });

  it('scenario 45: an action that never arrives → false after the timeout, run still completed, not passed', async () => {
    const deviceProfile = profile(PRO_MK1);
    const { surface, input } = countingSurface(deviceProfile);
    const { io } = tester(input, { skip: ['STOP', 'selector 3'] });
    const report = await run(deviceProfile, surface, io, reportPath());
    expect(report.results.actions).toEqual({ approve: true, reject: true, stop: false, retry: true });
    expect(report.results.selectors['3']).toBe(false);
    expect(report.results.selectors['4']).toBe(true);
    expect(report.results.completed).toBe(true);
    expect(report.results.failure_stage).toBeNull();
    expect(report.passed).toBe(false);
  });

  it('scenario 45: a "no" to one figure fails the run but completes it', async () => {
    const deviceProfile = profile(PRO_MK1);
    const { surface, input } = countingSurface(deviceProfile);
    const { io } = tester(input, { answer: (question) => !question.includes('red X') });
    const report = await run(deviceProfile, surface, io, reportPath());
    expect(report.results.visual['error']).toBe(false);
    expect(report.results.completed).toBe(true);
    expect(report.passed).toBe(false);
  });

  it('scenario 46: the report is key-sorted, 2-space indented and newline-terminated; selector keys are "1"…"N"', async () => {
    const twoSlots = profile(PRO_MK1, (doc) => {
      doc['surface']['agent_selectors'] = doc['surface']['agent_selectors'].slice(0, 2);
      doc['surface']['agent_statuses'] = doc['surface']['agent_statuses'].slice(0, 2);
      doc['accents'] = doc['accents'].slice(0, 2);
    });
    const { surface, input } = countingSurface(twoSlots);
    const path = reportPath();
    const report = await run(twoSlots, surface, tester(input).io, path);
    expect(Object.keys(report.results.selectors)).toEqual(['1', '2']);
    const saved = readFileSync(path, 'utf8');
    expect(saved).toBe(reportText(report));
    expect(saved.endsWith('}\n')).toBe(true);
    expect(saved.split('\n')[1]).toBe('  "device": {');
    const keyOrder = [...saved.matchAll(/^ {2}"(\w+)":/gm)].map((match) => match[1]);
    expect(keyOrder).toEqual(['device', 'environment', 'generated_at', 'pad_lattice_version', 'passed', 'results', 'schema_version']);
    const resultKeys = [...saved.matchAll(/^ {4}"(\w+)":/gm)].map((match) => match[1]);
    expect(resultKeys.slice(-5)).toEqual(['actions', 'completed', 'failure_stage', 'selectors', 'visual']);
    expect(saved).toContain('"selectors": {\n      "1": true,\n      "2": true\n    }');
  });
});
