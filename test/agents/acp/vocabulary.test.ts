import { describe, expect, it } from 'vitest';
import { backendName } from '../../../src/agents/acp/backend-name.js';
import { formContent, padFormOf } from '../../../src/agents/acp/elicitation-form.js';
import { agentNameOf, permissionRequestOf } from '../../../src/agents/acp/messages.js';
import { parseAcpArgs } from '../../../src/agents/acp/options.js';
import { padChoicesOf, toolCallDetails } from '../../../src/agents/acp/permission-choices.js';
import { stateAfterTurn } from '../../../src/agents/acp/turn-state.js';
import { classifyToolCall } from '../../../src/requests/index.js';

/*
 * What the proxy reads from ACP messages and what it makes of them. The permission requests are
 * the shapes Gemini CLI 0.61.0, Copilot CLI 1.0.102 and opencode 1.18.33 sent against a fake
 * model API (each agent names its option ids its own way).
 */

const GEMINI_REQUEST = {
  sessionId: '3b572d2f-439c-4e26-9819-d7ce31e6b296',
  options: [
    { optionId: 'proceed_always', name: 'Allow for this session', kind: 'allow_always' },
    { optionId: 'proceed_once', name: 'Allow', kind: 'allow_once' },
    { optionId: 'cancel', name: 'Reject', kind: 'reject_once' },
  ],
  toolCall: {
    toolCallId: 'run_shell_command__call_2',
    status: 'pending',
    title: 'echo one > /tmp/project/one.txt',
    content: [{ type: 'content', content: { type: 'text', text: '[current working directory /tmp/project] (write one.txt)' } }],
    locations: [],
    kind: 'execute',
  },
};

const COPILOT_REQUEST = {
  sessionId: 'c0p1l07',
  toolCall: {
    toolCallId: 'call_14_0',
    title: 'write ONE.txt',
    kind: 'execute',
    status: 'pending',
    rawInput: { command: 'rm -f ONE.txt', commands: ['rm -f ONE.txt'] },
  },
  options: [
    { optionId: 'allow_once', kind: 'allow_once', name: 'Allow once' },
    { optionId: 'allow_always', kind: 'allow_always', name: 'Always allow' },
    { optionId: 'reject_once', kind: 'reject_once', name: 'Deny' },
  ],
};

const OPENCODE_REQUEST = {
  sessionId: 'ses_1',
  toolCall: {
    toolCallId: 'call_20_0',
    title: 'curl -s https://example.com',
    kind: 'execute',
    status: 'pending',
    locations: [],
    rawInput: { command: 'curl -s https://example.com' },
  },
  options: [
    { optionId: 'once', kind: 'allow_once', name: 'Allow once' },
    { optionId: 'always', kind: 'allow_always', name: 'Always allow' },
    { optionId: 'reject', kind: 'reject_once', name: 'Reject' },
  ],
};

const request = (params: unknown) => {
  const parsed = permissionRequestOf(params);
  if (parsed === null) throw new Error('not read as a permission request');
  return parsed;
};

describe('pad-lattice acp: permission options, by kind and never *_always', () => {
  it.each([
    ['Gemini CLI', GEMINI_REQUEST, 'proceed_once', 'cancel'],
    ['Copilot CLI', COPILOT_REQUEST, 'allow_once', 'reject_once'],
    ['opencode', OPENCODE_REQUEST, 'once', 'reject'],
  ])('%s: Approve and Reject are its allow_once and reject_once options', (_agent, params, approve, reject) => {
    expect(padChoicesOf(request(params))).toEqual({ approve, reject, actions: ['approve', 'reject'] });
  });

  it('offers only the press an option exists for, and nothing when only "always" options exist', () => {
    const options = (kinds: string[]) => ({ ...GEMINI_REQUEST, options: kinds.map((kind) => ({ optionId: `id-${kind}`, name: kind, kind })) });
    expect(padChoicesOf(request(options(['allow_always', 'reject_once'])))).toEqual({ approve: null, reject: 'id-reject_once', actions: ['reject'] });
    expect(padChoicesOf(request(options(['allow_always', 'reject_always'])))).toBeNull();
    expect(padChoicesOf(request(options([])))).toBeNull();
  });

  it('describes the call by its kind and its command: rawInput where there is one, else the title (Gemini puts the command there)', () => {
    expect(toolCallDetails(request(GEMINI_REQUEST).toolCall)).toEqual({ tool: 'execute', detail: 'echo one > /tmp/project/one.txt' });
    expect(toolCallDetails(request(COPILOT_REQUEST).toolCall)).toEqual({ tool: 'execute', detail: 'rm -f ONE.txt' });
    const edit = { ...GEMINI_REQUEST, toolCall: { toolCallId: 'e', title: 'Edit the README', kind: 'edit', locations: [{ path: '/p/README.md' }] } };
    expect(toolCallDetails(request(edit).toolCall)).toEqual({ tool: 'edit', detail: '/p/README.md' });
    const secret = {
      ...COPILOT_REQUEST,
      toolCall: { toolCallId: 's', kind: 'execute', rawInput: { command: 'echo ghp_PadLatticeFakeGithubToken0123456789x' } },
    };
    expect(toolCallDetails(request(secret).toolCall)).toEqual({ tool: 'execute', detail: 'echo [REDACTED]' });
  });

  it('the daemon tiers ACP kinds like the tools they stand for: execute by its command, fetch as network, delete as destructive', () => {
    expect(classifyToolCall('execute', 'echo one > /tmp/project/one.txt')).toBe('edit');
    expect(classifyToolCall('execute', 'rm -f ONE.txt')).toBe('destructive');
    expect(classifyToolCall('execute', 'curl -s https://example.com')).toBe('network');
    expect(classifyToolCall('execute', 'ls -la')).toBe('read_only');
    expect(classifyToolCall('read', '/p/README.md')).toBe('read_only');
    expect(classifyToolCall('search', 'TODO')).toBe('read_only');
    expect(classifyToolCall('edit', '/p/README.md')).toBe('edit');
    expect(classifyToolCall('delete', '/p/README.md')).toBe('destructive');
    expect(classifyToolCall('fetch', 'https://example.com')).toBe('network');
    expect(classifyToolCall('other', 'anything')).toBe('edit');
  });
});

describe('pad-lattice acp: turns, backends and options', () => {
  it('a finished turn is success; cancelled is cancelled; max_tokens, max_turn_requests, refusal and an error answer are error', () => {
    expect(stateAfterTurn(false, 'end_turn')).toBe('success');
    expect(stateAfterTurn(false, 'cancelled')).toBe('cancelled');
    for (const reason of ['max_tokens', 'max_turn_requests', 'refusal']) expect(stateAfterTurn(false, reason)).toBe('error');
    expect(stateAfterTurn(true, null)).toBe('error');
    // A reason from a later protocol version still ended the turn.
    expect(stateAfterTurn(false, 'some_future_reason')).toBe('success');
  });

  it('the backend is the agent’s own name from initialize, else its command’s file name', () => {
    expect(backendName(agentNameOf({ protocolVersion: 1, agentInfo: { name: 'gemini-cli', version: '0.61.0' } }), 'gemini')).toBe('gemini-cli');
    expect(backendName(agentNameOf({ agentInfo: { name: 'OpenCode', version: '1.18.33' } }), 'opencode')).toBe('opencode');
    expect(backendName(agentNameOf({ agentInfo: { name: 'My Agent ✨ 2' } }), 'x')).toBe('my-agent-2');
    expect(backendName(agentNameOf({ protocolVersion: 1 }), '/usr/local/bin/goose')).toBe('goose');
    expect(backendName(null, '/weird/✨')).toBe('acp');
  });

  it('parses `acp [--socket PATH] [--label NAME] [--] COMMAND…`, leaving the agent’s own arguments alone', () => {
    expect(parseAcpArgs(['--label', ' shop ', '--', 'gemini', '--acp', '--label', 'x'])).toEqual({
      socket: undefined,
      label: 'shop',
      command: 'gemini',
      args: ['--acp', '--label', 'x'],
    });
    expect(parseAcpArgs(['--socket=/tmp/s.sock', 'opencode', 'acp'])).toEqual({ socket: '/tmp/s.sock', label: null, command: 'opencode', args: ['acp'] });
    expect(() => parseAcpArgs([])).toThrow('the agent command is missing, e.g. `pad-lattice acp -- gemini --acp`');
    expect(() => parseAcpArgs(['--label', '', 'gemini'])).toThrow('session label must not be empty');
    expect(() => parseAcpArgs(['--label'])).toThrow('--label requires a value');
  });
});

describe('pad-lattice acp: forms as option pads', () => {
  const form = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    mode: 'form',
    sessionId: 's1',
    message: 'Deploy?',
    requestedSchema: { type: 'object', properties },
    ...extra,
  });

  it('string enums (titled or not) and booleans become questions; the answers become the accept content', () => {
    const pad = padFormOf(
      form({
        env: { type: 'string', enum: ['dev', 'prod'] },
        mode: { type: 'string', title: 'Mode', oneOf: [{ const: 'a', title: 'Fast' }] },
        sure: { type: 'boolean', description: 'Really?' },
      }),
    );
    expect(pad?.questions.map((q) => [q.question, q.header, q.options.map((o) => o.label)])).toEqual([
      ['env', 'Deploy?', ['dev', 'prod']],
      ['Mode', 'Deploy?', ['Fast']],
      ['Really?', 'Deploy?', ['Yes', 'No']],
    ]);
    expect(pad === null ? null : formContent(pad, [1, 0, 1])).toEqual({ env: 'prod', mode: 'a', sure: false });
  });

  it('anything the pad cannot answer whole stays the editor’s', () => {
    const nine = Array.from({ length: 9 }, (_, i) => `v${i}`);
    expect(padFormOf(form({ reason: { type: 'string' } }))).toBeNull();
    expect(padFormOf(form({ count: { type: 'integer' } }))).toBeNull();
    expect(padFormOf(form({ many: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } } }))).toBeNull();
    expect(padFormOf(form({ env: { type: 'string', enum: nine } }))).toBeNull();
    expect(padFormOf(form({ env: { type: 'string', enum: ['ok', ' '] } }))).toBeNull();
    expect(padFormOf(form({}))).toBeNull();
    expect(padFormOf(form(Object.fromEntries(nine.map((name) => [name, { type: 'boolean' }]))))).toBeNull();
    expect(padFormOf({ mode: 'url', sessionId: 's1', message: 'Log in', elicitationId: 'e1', url: 'https://example.com' })).toBeNull();
    // Tied to a request before any session exists: no Scene to show it on.
    const { sessionId: _, ...requestScoped } = form({ sure: { type: 'boolean' } });
    expect(padFormOf({ ...requestScoped, requestId: 4 })).toBeNull();
  });
});
