import { describe, expect, it } from 'vitest';
import { unwrapShell } from '../../../src/agents/codex/app-server/approval-requests.js';
import { padRequestOf, type PadRequest } from '../../../src/agents/codex/app-server/pad-request.js';
import { classifyToolCall } from '../../../src/requests/index.js';

/*
 * What the pad makes of each request of Codex's app-server (shapes as Codex 0.171.0 sends them):
 * what it shows, what a press answers, and what it leaves to the terminal.
 */

const THREAD = 'thread-1';
const context = { threadCwd: '/home/dev/project', changedPaths: (itemId: string) => (itemId === 'call_9_0' ? ['/var/tmp/a.txt', '/var/tmp/b.txt'] : []) };

function requestOf(method: string, params: Record<string, unknown>): PadRequest {
  const parsed = padRequestOf(method, { threadId: THREAD, turnId: 't', itemId: 'call_1_0', ...params }, context);
  if (parsed === null) throw new Error(`${method} was not recognised`);
  expect(parsed.threadId).toBe(THREAD);
  return parsed.request;
}

const userInput = (questions: readonly Record<string, unknown>[]) =>
  requestOf('item/tool/requestUserInput', { questions, isBlocking: false, autoResolutionMs: null });
const question = (extra: Record<string, unknown> = {}) => ({
  id: 'color',
  header: 'Color',
  question: 'Which color?',
  isOther: true,
  isSecret: false,
  options: [
    { label: 'Red', description: 'Warm.' },
    { label: 'Blue', description: 'Cool.' },
  ],
  ...extra,
});
const form = (properties: Record<string, unknown>, required: string[] = [], extra: Record<string, unknown> = {}) =>
  requestOf('mcpServer/elicitation/request', {
    serverName: 'srv',
    mode: 'form',
    message: 'Fill it in',
    requestedSchema: { type: 'object', properties, required },
    _meta: null,
    ...extra,
  });

describe('command, file-change and permission approvals', () => {
  it('a command shows as the shell runs it, with its reason, and its folder only when it is not the thread’s; Approve is accept, Reject decline', () => {
    const request = requestOf('item/commandExecution/requestApproval', {
      command: "/bin/bash -lc 'npm test && rm -rf dist'",
      cwd: '/home/dev/project',
      reason: 'Run the\ntests',
      availableDecisions: ['accept', { acceptWithExecpolicyAmendment: { execpolicy_amendment: ['npm'] } }, 'cancel'],
    });
    expect(request).toMatchObject({ kind: 'approval', tool: 'Bash', detail: 'npm test && rm -rf dist # Run the tests' });
    if (request.kind !== 'approval') throw new Error('not an approval');
    expect(request.answer('approve')).toEqual({ decision: 'accept' });
    expect(request.answer('reject')).toEqual({ decision: 'decline' });
    expect(requestOf('item/commandExecution/requestApproval', { command: 'ls', cwd: '/tmp', reason: null })).toMatchObject({ detail: 'ls # in /tmp' });
  });

  it('the notes after a command are a shell comment, so the approval tier is the command’s alone', () => {
    expect(classifyToolCall('Bash', 'ls -la # rm -rf / because; in /tmp')).toBe('read_only');
    expect(classifyToolCall('Bash', 'rm -rf build # just a reason')).toBe('destructive');
  });

  it('a network approval names the host; a server that offers no plain accept leaves the command to the terminal', () => {
    expect(
      requestOf('item/commandExecution/requestApproval', {
        command: 'curl https://example.com',
        cwd: '/home/dev/project',
        networkApprovalContext: { host: 'example.com', protocol: 'https' },
      }),
    ).toMatchObject({ kind: 'approval', tool: 'NetworkAccess', detail: 'example.com — curl https://example.com' });
    expect(requestOf('item/commandExecution/requestApproval', { command: 'ls', availableDecisions: ['acceptForSession', 'cancel'] })).toEqual({
      kind: 'terminal',
      waitsFor: 'approval',
    });
  });

  it('Codex’s /bin/bash -lc wrapper is taken off; anything else stays as it is', () => {
    expect(unwrapShell('/bin/bash -lc \'echo "a b"\'')).toBe('echo "a b"');
    expect(unwrapShell('sh -c ls')).toBe('ls');
    expect(unwrapShell('/usr/bin/python3 -c print(1)')).toBe('/usr/bin/python3 -c print(1)');
    expect(unwrapShell("bash -lc 'unclosed")).toBe("bash -lc 'unclosed");
  });

  it('a file change names the paths its item carried; a permission request grants exactly what it asked for this turn, or nothing', () => {
    expect(requestOf('item/fileChange/requestApproval', { itemId: 'call_9_0', reason: 'outside the sandbox', grantRoot: null })).toMatchObject({
      kind: 'approval',
      tool: 'apply_patch',
      detail: '/var/tmp/a.txt, /var/tmp/b.txt — outside the sandbox',
    });
    const permissions = requestOf('item/permissions/requestApproval', {
      cwd: '/home/dev/project',
      reason: 'Need the shared folder',
      permissions: {
        network: null,
        fileSystem: { read: null, write: ['/var/tmp/x'], entries: [{ path: { type: 'path', path: '/var/tmp/x' }, access: 'write' }] },
      },
    });
    expect(permissions).toMatchObject({ kind: 'approval', tool: 'request_permissions', detail: 'write /var/tmp/x — Need the shared folder' });
    if (permissions.kind !== 'approval') throw new Error('not an approval');
    expect(permissions.answer('approve')).toEqual({ permissions: { fileSystem: { read: null, write: ['/var/tmp/x'] } }, scope: 'turn' });
    expect(permissions.answer('reject')).toEqual({ permissions: {}, scope: 'turn' });
    const network = requestOf('item/permissions/requestApproval', { permissions: { network: { enabled: true }, fileSystem: null } });
    expect(network).toMatchObject({ tool: 'NetworkAccess', detail: 'network access' });
  });

  it('a request whose parameters do not parse, or of a kind the pad does not know, is not the pad’s', () => {
    expect(padRequestOf('item/commandExecution/requestApproval', { threadId: THREAD }, context)).toBeNull();
    expect(padRequestOf('item/tool/call', { threadId: THREAD }, context)).toBeNull();
    expect(padRequestOf('account/chatgptAuthTokens/refresh', {}, context)).toBeNull();
  });
});

describe('request_user_input questions', () => {
  it('become pad questions; the answer carries each chosen option’s label, keyed by question id', () => {
    const request = userInput([
      question(),
      question({ id: 'size', header: 'Size', question: 'How big?', options: [{ label: 'S', description: '' }, { label: 'L' }] }),
    ]);
    if (request.kind !== 'questions') throw new Error('not questions');
    expect(request.questions).toEqual([
      {
        question: 'Which color?',
        header: 'Color',
        options: [
          { label: 'Red', description: 'Warm.' },
          { label: 'Blue', description: 'Cool.' },
        ],
        multiSelect: false,
      },
      {
        question: 'How big?',
        header: 'Size',
        options: [
          { label: 'S', description: '' },
          { label: 'L', description: '' },
        ],
        multiSelect: false,
      },
    ]);
    expect(request.answer([1, 0])).toEqual({ answers: { color: { answers: ['Blue'] }, size: { answers: ['S'] } } });
  });

  it('a secret question, one without options or with more than the pad’s eight rows leaves the whole request to the terminal', () => {
    const terminal = { kind: 'terminal', waitsFor: 'reply' };
    expect(userInput([question(), question({ id: 'token', isSecret: true })])).toEqual(terminal);
    expect(userInput([question({ options: null })])).toEqual(terminal);
    expect(userInput([question({ options: [] })])).toEqual(terminal);
    expect(userInput([question({ options: Array.from({ length: 9 }, (_, i) => ({ label: `o${i}`, description: '' })) })])).toEqual(terminal);
    expect(userInput([])).toEqual(terminal);
  });
});

describe('MCP elicitations', () => {
  it('a form of choices: enum, oneOf and enumNames give the labels, a boolean Yes and No; the answer is the values, typed', () => {
    const request = form(
      {
        color: { type: 'string', title: 'Color', enum: ['red', 'blue'], enumNames: ['Red', 'Blue'] },
        size: {
          type: 'string',
          description: 'How big?',
          oneOf: [
            { const: 's', title: 'Small' },
            { const: 'l', title: 'Large' },
          ],
        },
        level: { type: 'integer', enum: [1, 2, 3] },
        sure: { type: 'boolean', title: 'Sure?' },
        note: { type: 'string', title: 'Note' },
      },
      ['color'],
    );
    if (request.kind !== 'questions') throw new Error('not questions');
    expect(request.questions.map((q) => [q.question, q.header, q.options.map((o) => o.label)])).toEqual([
      ['Fill it in — Color', 'Color', ['Red', 'Blue']],
      ['Fill it in — How big?', 'size', ['Small', 'Large']],
      ['Fill it in — level', 'level', ['1', '2', '3']],
      ['Fill it in — Sure?', 'Sure?', ['Yes', 'No']],
    ]);
    expect(request.answer([1, 0, 2, 1])).toEqual({ action: 'accept', content: { color: 'blue', size: 's', level: 3, sure: false }, _meta: null });
  });

  it('a required field the pad cannot fill, a form with no choice, or a URL elicitation stays in the terminal', () => {
    const terminal = { kind: 'terminal', waitsFor: 'reply' };
    expect(form({ color: { type: 'string', enum: ['red'] }, name: { type: 'string' } }, ['name'])).toEqual(terminal);
    expect(form({ tags: { type: 'array', items: { enum: ['a', 'b'] } } }, ['tags'])).toEqual(terminal);
    expect(form({})).toEqual(terminal);
    expect(requestOf('mcpServer/elicitation/request', { serverName: 'srv', mode: 'url', message: 'Log in', url: 'https://x', elicitationId: 'e' })).toEqual(
      terminal,
    );
  });

  it('Codex’s approval of an MCP tool call is an approval: accept with empty content, or decline', () => {
    const request = form({}, [], {
      message: 'Allow the srv MCP server to run tool "write"?',
      _meta: {
        codex_approval_kind: 'mcp_tool_call',
        tool_name: 'write',
        tool_params: { text: 'hi' },
        tool_params_display: [{ name: 'text', value: 'hi', display_name: 'text' }],
      },
    });
    expect(request).toMatchObject({ kind: 'approval', tool: 'mcp__srv__write', detail: 'text=hi — Allow the srv MCP server to run tool "write"?' });
    if (request.kind !== 'approval') throw new Error('not an approval');
    expect(request.answer('approve')).toEqual({ action: 'accept', content: {}, _meta: null });
    expect(request.answer('reject')).toEqual({ action: 'decline', content: null, _meta: null });
  });
});
