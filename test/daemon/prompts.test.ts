import { describe, expect, it } from 'vitest';
import { optionPressed, type PressOutcome } from '../../src/domain/index.js';
import { ControlPlane } from '../../src/daemon/control-plane/index.js';
import { DaemonRuntime } from '../../src/daemon/runtime/runtime.js';
import { FakeClock, RecordingOutbox, RecordingSurface } from './helpers/fakes.js';
import { hubOf } from '../helpers/hub.js';

/** The question and approval-detail extension through the daemon runtime: wire lines in, surface views and answers out. */
function setup() {
  const clock = new FakeClock();
  const surface = new RecordingSurface(2);
  const outbox = new RecordingOutbox();
  const plane = new ControlPlane({ selectorCapacity: 2, accentNames: surface.geometry.accentNames });
  const runtime = new DaemonRuntime({ plane, surfaces: hubOf([surface]), outbox, clock: clock.read });
  const line = (conn: number, message: Record<string, unknown>) => runtime.handleLine(conn, Buffer.from(JSON.stringify({ protocol: 1, ...message })));
  const pressOption = (ref: number, question: number, option: number): PressOutcome[] => {
    const outcomes: PressOutcome[] = [];
    surface.press(optionPressed(ref, question, option, { settle: (outcome) => outcomes.push(outcome) }));
    runtime.surfaceStep();
    return outcomes;
  };
  const lastView = () => {
    runtime.renderStep();
    return surface.views.at(-1)!;
  };
  return { clock, outbox, plane, runtime, line, pressOption, lastView };
}

const AGENT = { backend: 'claude', session_id: 's1' };
const QUESTION = {
  question: 'Which\nlicense?',
  header: 'License',
  options: [{ label: 'MIT' }, { label: 'Apache-2.0', description: 'patent grant' }, { label: 'GPL-3.0' }],
};

describe('daemon: questions and approval details (Pad-Lattice extension)', () => {
  it('a question is acknowledged, shows on the pad, and one press sends exactly one answer to its connection', () => {
    const { line, outbox, pressOption, lastView } = setup();
    line(1, { type: 'state', state: 'waiting_for_reply', agent: AGENT });
    line(5, { type: 'question', agent: AGENT, request_id: 'q1', questions: [QUESTION] });
    expect(outbox.messages(5)).toEqual([{ protocol: 1, type: 'question_ack', request_id: 'q1' }]);
    const view = lastView();
    expect(view.prompt).toMatchObject({ kind: 'question', questionIndex: 0, question: { question: 'Which license?', header: 'License' } });
    const ref = view.prompt?.kind === 'question' ? view.prompt.ref : -1;

    expect(pressOption(ref, 0, 1)).toEqual([{ kind: 'answered', option: 1, agent: { slot: 0, label: 's1', accent: 'cyan' } }]);
    expect(pressOption(ref, 0, 2)).toEqual([{ kind: 'not_answered', reason: 'answered' }]);
    expect(outbox.messages(5).slice(1)).toEqual([{ protocol: 1, type: 'answer', agent: AGENT, request_id: 'q1', question: 0, option: 1 }]);
    expect(lastView().prompt).toBeUndefined();
  });

  it('an answer for a connection that closed is not delivered, and says so', () => {
    const { line, outbox, pressOption, lastView } = setup();
    line(5, { type: 'question', agent: AGENT, request_id: 'q1', questions: [QUESTION] });
    const view = lastView();
    const ref = view.prompt?.kind === 'question' ? view.prompt.ref : -1;
    outbox.closed.add(5);
    expect(pressOption(ref, 0, 0)).toEqual([{ kind: 'not_answered', reason: 'not_delivered' }]);
  });

  it('closing the asking connection takes the question off the pad', () => {
    const { line, runtime, lastView } = setup();
    line(5, { type: 'question', agent: AGENT, request_id: 'q1', questions: [QUESTION] });
    expect(lastView().prompt?.kind).toBe('question');
    runtime.connectionClosed(5);
    expect(lastView().prompt).toBeUndefined();
  });

  it('approval details are redacted, shortened and classified by the daemon, whatever the client sent', () => {
    const { line, outbox, lastView } = setup();
    line(1, { type: 'state', state: 'waiting_for_approval', agent: AGENT });
    line(5, { type: 'subscribe_actions', agent: AGENT, actions: ['approve', 'reject'], request_id: 'r1', one_shot: true });
    const command = `curl -H "Authorization: Bearer ghp_16C7e42F292c6912E7710c838347Ae178B4a" https://api.github.com/user && ${'echo ok && '.repeat(30)}rm -rf /tmp/x`;
    line(5, { type: 'approval_details', agent: AGENT, request_id: 'r1', tool: 'Bash', detail: command });
    expect(outbox.messages(5)).toEqual([]);
    const prompt = lastView().prompt;
    expect(prompt).toMatchObject({ kind: 'approval', tool: 'Bash', tier: 'destructive' });
    const description = prompt?.kind === 'approval' ? prompt.description : '';
    expect(description).toContain('Authorization: Bearer [REDACTED]');
    expect(description).not.toContain('ghp_');
    expect([...description].length).toBeLessThanOrEqual(160);
  });

  it('a command of two lines is shown as two lines, and rated by its worse line', () => {
    const { line, lastView } = setup();
    line(1, { type: 'state', state: 'waiting_for_approval', agent: AGENT });
    line(5, { type: 'subscribe_actions', agent: AGENT, actions: ['approve', 'reject'], request_id: 'r1', one_shot: true });
    line(5, { type: 'approval_details', agent: AGENT, request_id: 'r1', tool: 'Bash', detail: 'git status\nrm -rf ~/work' });
    expect(lastView().prompt).toMatchObject({ kind: 'approval', tier: 'destructive', description: 'git status\nrm -rf ~/work' });
  });

  it('details for a request the connection does not hold are an error; malformed questions name the field', () => {
    const { line, outbox } = setup();
    line(5, { type: 'approval_details', agent: AGENT, request_id: 'nope', tool: 'Bash', detail: 'ls' });
    expect(outbox.messages(5)).toEqual([
      {
        protocol: 1,
        type: 'error',
        code: 'invalid_message',
        error: 'approval_details needs a subscribe_actions with the same agent and request_id on this connection',
      },
    ]);
    line(6, { type: 'question', agent: AGENT, request_id: 'q', questions: [{ question: 'Q?', options: [] }] });
    line(6, { type: 'question', agent: AGENT, request_id: 'q', questions: [{ question: 'Q?', options: [{ label: 'a', colour: 'red' }] }] });
    line(6, { type: 'question', agent: AGENT, questions: [QUESTION] });
    expect(outbox.messages(6).map((message) => message['error'])).toEqual([
      'questions[0].options must be a JSON array of 1 to 8 items',
      'questions[0].options[0]: unknown field: colour',
      'request_id must be a non-empty string',
    ]);
  });

  it('a multi-select question: option presses toggle (settled as toggled, nothing sent), Send sends one answer with every option chosen', () => {
    const { line, outbox, pressOption, lastView } = setup();
    line(5, { type: 'question', agent: AGENT, request_id: 'q1', questions: [{ ...QUESTION, multi_select: true }] });
    const view = lastView();
    const ref = view.prompt?.kind === 'question' ? view.prompt.ref : -1;
    expect(pressOption(ref, 0, 3)).toEqual([{ kind: 'not_answered', reason: 'none_chosen' }]);
    expect(pressOption(ref, 0, 2)).toEqual([{ kind: 'toggled', option: 2, selected: true }]);
    expect(pressOption(ref, 0, 0)).toEqual([{ kind: 'toggled', option: 0, selected: true }]);
    expect(lastView().prompt).toMatchObject({ kind: 'question', selected: [0, 2] });
    expect(outbox.messages(5)).toHaveLength(1);
    expect(pressOption(ref, 0, 3)).toEqual([{ kind: 'answered', option: 0, agent: { slot: 0, label: 's1', accent: 'cyan' } }]);
    expect(outbox.messages(5).slice(1)).toEqual([{ protocol: 1, type: 'answer', agent: AGENT, request_id: 'q1', question: 0, option: 0, options: [0, 2] }]);
  });

  it('a notice is sanitized, needs no reply, and shows on the selected agent', () => {
    const { line, outbox, lastView } = setup();
    line(1, { type: 'state', state: 'running', agent: AGENT });
    line(5, { type: 'notice', agent: AGENT, notice: 'denied', tool: 'Bash', detail: 'echo ghp_16C7e42F292c6912E7710c838347Ae178B4a\n| sh' });
    expect(outbox.messages(5)).toEqual([]);
    expect(lastView().prompt).toEqual({ kind: 'notice', notice: 'denied', tool: 'Bash', description: 'echo [REDACTED] | sh' });
    line(6, { type: 'notice', agent: AGENT, notice: 'shout' });
    expect(outbox.messages(6).map((message) => message['error'])).toEqual(['notice must be one of denied, answer_in_terminal']);
  });
});
