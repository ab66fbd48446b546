import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeDaemon, cleanUpFakes, privateTempDir, until, type FakeConnection } from '../shared/fake-daemon.js';
import { runHook } from './hook-runner.js';
import { LICENSE_QUESTION } from '../../helpers/question-prompt.js';

/*
 * The Claude hook answering AskUserQuestion from the pad (README, "Questions
 * and approval details"), against a fake daemon that speaks the extension.
 * The input has the shape Claude Code 2.1.332 sends (test/real-agents
 * checks it end to end with the real CLI).
 */

let daemon: FakeDaemon;
let socket: string;
let runtimeDir: string;

const QUESTIONS = [
  LICENSE_QUESTION,
  {
    question: 'Add a CONTRIBUTING file?',
    header: 'Docs',
    options: [
      { label: 'Yes', description: '' },
      { label: 'No', description: '' },
    ],
    multiSelect: false,
  },
];

function askUserQuestion(questions: unknown = QUESTIONS): object {
  return {
    session_id: 'abc123',
    cwd: '/home/dev/project',
    permission_mode: 'default',
    hook_event_name: 'PermissionRequest',
    tool_name: 'AskUserQuestion',
    tool_input: { questions },
  };
}

const hookArgs = (timeout = '30') => ['--socket', socket, '--approval-timeout', timeout];
const env = () => ({ XDG_RUNTIME_DIR: runtimeDir });
const AGENT = { backend: 'claude', session_id: 'abc123' };

async function questionConnection(): Promise<FakeConnection> {
  await until(() => daemon.connectionsOf('question').length > 0, 'the question request');
  return daemon.connectionsOf('question')[0]!;
}

beforeEach(async () => {
  runtimeDir = privateTempDir('pl-claude-q-rt-');
  socket = join(privateTempDir('pl-claude-q-sock-'), 'daemon.sock');
  daemon = await FakeDaemon.start(socket);
  daemon.handler = (message, connection) => {
    if (message['type'] === 'question') connection.send({ protocol: 1, type: 'question_ack', request_id: message['request_id'] });
  };
});

afterEach(cleanUpFakes);

describe('Claude hook: AskUserQuestion answered from the pad', () => {
  it('puts every question on the pad and, once each is answered, allows the tool with the answers keyed by question text', async () => {
    const run = runHook(askUserQuestion(), { args: hookArgs(), env: env() });
    const asked = await questionConnection();
    const request = asked.received[0]!;
    expect(request).toMatchObject({
      type: 'question',
      agent: AGENT,
      questions: [
        {
          question: QUESTIONS[0]!.question,
          header: 'License',
          options: [{ label: 'MIT', description: 'Short and permissive' }, { label: 'Apache-2.0' }, { label: 'GPL-3.0' }],
        },
        { question: 'Add a CONTRIBUTING file?' },
      ],
    });
    const requestId = request['request_id'];
    // Noise first: another request's answer, and an error line, change nothing.
    asked.send({ protocol: 1, type: 'answer', agent: AGENT, request_id: 'other', question: 0, option: 2 });
    asked.send({ protocol: 1, type: 'error', code: 'invalid_message', error: 'noise' });
    asked.send({ protocol: 1, type: 'answer', agent: AGENT, request_id: requestId, question: 0, option: 1 });
    asked.send({ protocol: 1, type: 'answer', agent: AGENT, request_id: requestId, question: 1, option: 0 });
    const result = await run;
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: {
          behavior: 'allow',
          updatedInput: { questions: QUESTIONS, answers: { 'Which license should the project use?': 'Apache-2.0', 'Add a CONTRIBUTING file?': 'Yes' } },
        },
      },
    });
    expect(daemon.ofType('state').map((message) => message['state'])).toEqual(['waiting_for_reply', 'running']);
  });

  it('leaves the question to the terminal when the pad does not answer in time', async () => {
    const result = await runHook(askUserQuestion(), { args: hookArgs('0.5'), env: env() });
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(daemon.ofType('state').map((message) => message['state'])).toEqual(['waiting_for_reply']);
    expect(daemon.connectionsOf('question')[0]?.ended).toBe(true);
  });

  it('leaves it to the terminal at once when the daemon does not know the extension (the reference daemon)', async () => {
    daemon.handler = (message, connection) => {
      if (message['type'] === 'question')
        connection.send({ protocol: 1, type: 'error', code: 'unknown_message_type', error: 'unknown message type: question' });
    };
    const result = await runHook(askUserQuestion(), { args: hookArgs('30'), env: env() });
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.elapsedMs).toBeLessThan(5_000);
  });

  it('questions the pad cannot show (more than 8 options, no labels) only report waiting_for_reply', async () => {
    const many = [
      { question: 'Pick one', header: '', options: Array.from({ length: 9 }, (_, i) => ({ label: `o${i}`, description: '' })), multiSelect: false },
    ];
    for (const questions of [many, [{ question: 'Q', options: [{ description: 'no label' }] }], 'not a list']) {
      const result = await runHook(askUserQuestion(questions), { args: hookArgs(), env: env() });
      expect(result).toMatchObject({ code: 0, stdout: '' });
    }
    expect(daemon.connectionsOf('question')).toEqual([]);
  });

  it('a daemon that closes the request mid-wait leaves the question to the terminal', async () => {
    const run = runHook(askUserQuestion(), { args: hookArgs(), env: env() });
    (await questionConnection()).close();
    const result = await run;
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.elapsedMs).toBeLessThan(5_000);
  });
});
