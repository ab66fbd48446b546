import { describe, expect, it } from 'vitest';
import { hasConnection, withTuiOriginator } from '../../../src/agents/codex/app-server/first-client.js';
import { JsonRpcPeer, RpcError, RpcUnanswered } from '../../../src/agents/codex/app-server/json-rpc.js';
import { serverConfigArgs, tuiArgs } from '../../../src/agents/codex/app-server/tui-args.js';
import type { TextSocket } from '../../../src/agents/codex/app-server/ws-transport.js';

/** A text socket a test drives by hand: `deliver` plays the server, `sent` is what the client wrote. */
function handSocket() {
  const sent: Record<string, unknown>[] = [];
  let onText: (text: string) => void = () => undefined;
  let onClose: () => void = () => undefined;
  const socket: TextSocket = {
    send: (text) => {
      sent.push(JSON.parse(text) as Record<string, unknown>);
      return true;
    },
    onText: (listener) => (onText = listener),
    onClose: (listener) => (onClose = listener),
    close: () => onClose(),
  };
  return { socket, sent, deliver: (text: string) => onText(text), drop: () => onClose() };
}

function peerOn(hand: ReturnType<typeof handSocket>) {
  const notifications: [string, unknown][] = [];
  const requests: [unknown, string, unknown][] = [];
  let closed = 0;
  const peer = new JsonRpcPeer(hand.socket, {
    notification: (method, params) => notifications.push([method, params]),
    request: (id, method, params) => requests.push([id, method, params]),
    closed: () => (closed += 1),
  });
  return { peer, notifications, requests, closed: () => closed };
}

describe('JSON-RPC with the app-server', () => {
  it('a request resolves with its result, or rejects with the error the server sent', async () => {
    const hand = handSocket();
    const { peer } = peerOn(hand);
    const first = peer.request('thread/read', { threadId: 't' }, 1_000);
    const second = peer.request('thread/resume', { threadId: 't' }, 1_000);
    expect(hand.sent).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'thread/read', params: { threadId: 't' } },
      { jsonrpc: '2.0', id: 2, method: 'thread/resume', params: { threadId: 't' } },
    ]);
    hand.deliver(JSON.stringify({ id: 2, error: { code: -32600, message: 'no rollout found' } }));
    hand.deliver(JSON.stringify({ id: 1, result: { thread: { id: 't' } } }));
    expect(await first).toEqual({ thread: { id: 't' } });
    await expect(second).rejects.toEqual(new RpcError('thread/resume', -32600, 'no rollout found'));
  });

  it('notifications and the server’s requests are told apart; frames of any other shape are dropped', () => {
    const hand = handSocket();
    const { peer, notifications, requests } = peerOn(hand);
    for (const text of ['not json', '[1,2]', 'null', '{"id":99,"result":{}}', '{"method":7}', '{"result":1}']) hand.deliver(text);
    hand.deliver('{"method":"thread/started","params":{"thread":{"id":"t"}}}');
    hand.deliver('{"method":"item/tool/requestUserInput","id":0,"params":{"threadId":"t"}}');
    hand.deliver('{"method":"x","id":"s-1"}');
    expect(notifications).toEqual([['thread/started', { thread: { id: 't' } }]]);
    expect(requests).toEqual([
      [0, 'item/tool/requestUserInput', { threadId: 't' }],
      ['s-1', 'x', undefined],
    ]);
    peer.respond(0, { answers: {} });
    peer.notify('initialized');
    expect(hand.sent).toEqual([
      { jsonrpc: '2.0', id: 0, result: { answers: {} } },
      { jsonrpc: '2.0', method: 'initialized' },
    ]);
  });

  it('an unanswered request gives up after its timeout; a closed connection rejects what is pending, once, and sends nothing more', async () => {
    const hand = handSocket();
    const { peer, closed } = peerOn(hand);
    await expect(peer.request('slow', {}, 20)).rejects.toBeInstanceOf(RpcUnanswered);
    const pending = peer.request('pending', {}, 10_000);
    hand.drop();
    hand.drop();
    await expect(pending).rejects.toBeInstanceOf(RpcUnanswered);
    expect(closed()).toBe(1);
    await expect(peer.request('late', {}, 1_000)).rejects.toBeInstanceOf(RpcUnanswered);
    peer.respond(1, {});
    expect(hand.sent.map((frame) => frame['method'] ?? frame['id'])).toEqual(['slow', 'pending']);
  });
});

describe('waiting for the TUI to connect first', () => {
  const PATH = '/tmp/codex-daemon-1000/3cc6a36c';
  const table = (rows: string[]) => ['Num       RefCount Protocol Flags    Type St Inode Path', ...rows].join('\n');
  it('a connected socket bound to the listening path in /proc/net/unix is the TUI’s connection', () => {
    const listening = `000000004cf64a78: 00000002 00000000 00010000 0001 01 507765 ${PATH}`;
    const accepted = `00000000b83ba4a6: 00000003 00000000 00000000 0001 03 508932 ${PATH}`;
    expect(hasConnection(table([listening]), PATH)).toBe(false);
    expect(hasConnection(table([listening, accepted]), PATH)).toBe(true);
    expect(hasConnection(table([listening, `00000000b83ba4a6: 00000003 00000000 00000000 0001 03 508932 ${PATH}x`]), PATH)).toBe(false);
    expect(hasConnection(table([listening, '00000000b83ba4a6: 00000003 00000000 00000000 0001 03 508932']), PATH)).toBe(false);
  });

  it('the server’s model requests name the TUI as their originator whoever initializes first, unless the user set one', () => {
    const env = { PATH: '/usr/bin', HOME: '/home/u' };
    expect(withTuiOriginator(env)).toEqual({ ...env, CODEX_INTERNAL_ORIGINATOR_OVERRIDE: 'codex-tui' });
    expect(env).not.toHaveProperty('CODEX_INTERNAL_ORIGINATOR_OVERRIDE');
    const own = { ...env, CODEX_INTERNAL_ORIGINATOR_OVERRIDE: 'my-tool' };
    expect(withTuiOriginator(own)).toEqual(own);
    expect(withTuiOriginator({ ...env, CODEX_INTERNAL_ORIGINATOR_OVERRIDE: '' })).toMatchObject({ CODEX_INTERNAL_ORIGINATOR_OVERRIDE: 'codex-tui' });
  });
});

describe('the two Codex command lines', () => {
  it('the TUI attaches with --remote, works in the launcher’s folder unless told another, and leaves the title to the launcher', () => {
    expect(tuiArgs('/run/pl/app.sock', '/home/dev/p', ['resume', '--last'], true)).toEqual([
      '--remote',
      'unix:///run/pl/app.sock',
      '-C',
      '/home/dev/p',
      '-c',
      'tui.terminal_title=[]',
      'resume',
      '--last',
    ]);
    expect(tuiArgs('/s', '/home/dev/p', ['--cd=/elsewhere'], false)).toEqual(['--remote', 'unix:///s', '--cd=/elsewhere']);
    expect(tuiArgs('/s', '/home/dev/p', ['-C', '/elsewhere'], false)).toEqual(['--remote', 'unix:///s', '-C', '/elsewhere']);
  });

  it('the user’s -c, --enable and --disable options configure the server too (up to a --)', () => {
    expect(serverConfigArgs(['-m', 'o3', '-c', 'model="o3"', '--enable', 'x', '--config=a.b=1', '--disable=y', 'prompt', '--', '-c', 'no'])).toEqual([
      '-c',
      'model="o3"',
      '--enable',
      'x',
      '--config=a.b=1',
      '--disable=y',
    ]);
    expect(serverConfigArgs(['-c'])).toEqual([]);
  });
});
