import { afterEach, describe, expect, it } from 'vitest';
import { permissionRequestOf } from '../../../src/agents/acp/messages.js';
import { PadRequests } from '../../../src/agents/acp/pad-requests.js';
import { PadSession } from '../../../src/agents/acp/pad-session.js';
import { makeIdentity } from '../../../src/domain/index.js';
import { cleanUpFakes } from '../shared/fake-daemon.js';
import { startPad, untilAction, untilPadSession, type Pad } from './proxy-harness.js';

/*
 * The pad's side of an agent's request, driven directly: Stop can only be pressed while a turn
 * runs, so a permission request still open when it arrives is a race this test stages by hand.
 */

const pads: Pad[] = [];
const sessions: PadSession[] = [];

afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
  for (const pad of pads.splice(0)) await pad.handle.close();
  await cleanUpFakes();
});

const REQUEST = permissionRequestOf({
  sessionId: 's-1',
  toolCall: { toolCallId: 'c-1', title: 'touch x', kind: 'execute' },
  options: [
    { optionId: 'ok', name: 'Allow', kind: 'allow_once' },
    { optionId: 'no', name: 'Reject', kind: 'reject_once' },
  ],
});

describe('pad-lattice acp: the pad side of an agent’s request', () => {
  it('Stop arriving while a permission request is open answers it "cancelled" in the editor’s place and withdraws it from both', async () => {
    const pad = await startPad();
    pads.push(pad);
    const session = new PadSession({
      socketPath: pad.socketPath,
      identity: makeIdentity('test-agent', 's-1'),
      metadata: { cwd: '/p' },
      onStop: () => undefined,
    });
    sessions.push(session);
    await untilPadSession(pad, (s) => s.identity.sessionId === 's-1', 'the session');
    session.turnStarted();
    const toAgent: string[] = [];
    const toEditor: string[] = [];
    const requests = new PadRequests({ socketPath: pad.socketPath, toAgent: (line) => toAgent.push(line), toEditor: (line) => toEditor.push(line) });
    if (REQUEST === null) throw new Error('the request was not read');
    requests.permission(7, REQUEST, session);
    await untilAction(pad, 'approve');

    requests.cancelledFromPad('s-1');
    expect(toAgent).toEqual(['{"jsonrpc":"2.0","id":7,"result":{"outcome":{"outcome":"cancelled"}}}\n']);
    expect(toEditor).toEqual(['{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":7}}\n']);
    await untilAction(pad, 'approve', false);
    // The editor's own answer, still on its way, is held back; a later one for another request is not.
    expect(requests.editorAnswered(7)).toBe(false);
    expect(requests.editorAnswered(8)).toBe(true);
    await untilPadSession(pad, (s) => s.state === 'running', 'the session to show its turn again');
    await requests.close();
  });
});
