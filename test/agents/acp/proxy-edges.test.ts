import { describe, expect, it } from 'vitest';
import { until } from '../shared/fake-daemon.js';
import { prompt } from './acp-editor.js';
import { agentMessages, sessionsOf, sessionsWithCleanup, turn, untilPadSession } from './proxy-harness.js';

/*
 * Nothing breaks the editor: whatever either side sends or does, the other side gets what was
 * sent, a clear line goes to stderr, the proxy ends when the agent has, and the session leaves
 * the pad.
 */

const setUp = sessionsWithCleanup();

describe('pad-lattice acp: what either side sends passes', () => {
  it('passes the editor’s lines on byte for byte, odd spacing and member order included', async () => {
    const { run, sessionId } = await setUp();
    const line = `{"params":{"prompt":[{"text":"hello","type":"text"}],  "sessionId":"${sessionId}"},"method":"session/prompt", "id":77,"jsonrpc":"2.0"}\r\n`;
    run.editor.writeRaw(line);
    await run.editor.untilMessage((m) => m['id'] === 77, 'the answer to the hand-written prompt');
    expect(run.agentInput()).toContain(line);
  });

  it('a line from the editor that is not JSON reaches the agent unchanged (its parse error reaches the editor), with one note; the session goes on', async () => {
    const { pad, run, sessionId } = await setUp();
    run.editor.writeRaw('this is {not json\n');
    const parseError = await run.editor.untilMessage((m) => m['id'] === null, 'the agent’s parse error');
    expect(parseError).toMatchObject({ error: { code: -32700 } });
    expect(run.agentInput()).toContain('\nthis is {not json\n');
    expect(run.stderr()).toContain('pad-lattice: the editor sent a line that is not JSON (17 bytes); it is passed on unchanged');
    expect(await turn(run, sessionId, 'hello')).toMatchObject({ result: { stopReason: 'end_turn' } });
    await untilPadSession(pad, (s) => s.state === 'success', 'the turn after it as success');
  });

  it('a line from the agent that is not JSON reaches the editor unchanged, with one note; the turn still ends as success', async () => {
    const { pad, run, sessionId } = await setUp();
    expect(await turn(run, sessionId, 'garbage')).toMatchObject({ result: { stopReason: 'end_turn' } });
    expect(run.editor.lines.map((line) => line.text)).toContain('this line is not JSON {');
    expect(run.stderr()).toContain('pad-lattice: the agent sent a line that is not JSON (23 bytes); it is passed on unchanged');
    await untilPadSession(pad, (s) => s.state === 'success', 'the turn as success');
  });

  it('a 10 MB message passes both ways whole', async () => {
    const { pad, run, sessionId } = await setUp();
    const size = 10 * 1024 * 1024;
    expect(await turn(run, sessionId, `hello ${'b'.repeat(size)}`)).toMatchObject({ result: { stopReason: 'end_turn' } });
    // Booleans, not toContain: a failure would print ten megabytes.
    expect(run.agentInput().includes(`{"type":"text","text":"hello ${'b'.repeat(size)}"}`)).toBe(true);
    expect(await turn(run, sessionId, `big ${size}`)).toMatchObject({ result: { stopReason: 'end_turn' } });
    expect(run.editor.agentText().includes('x'.repeat(size))).toBe(true);
    await untilPadSession(pad, (s) => s.state === 'success', 'the turn as success');
    expect(run.stderr()).not.toContain('passed on unread');
  }, 60_000);

  it('a line over the limit passes on unread, both ways, with a note; the lines after it are read again', async () => {
    const { pad, run, sessionId } = await setUp({ lineLimit: 64 * 1024 });
    const size = 1024 * 1024;
    expect(await turn(run, sessionId, `hello ${'c'.repeat(size)}`)).toMatchObject({ result: { stopReason: 'end_turn' } });
    expect(run.agentInput().includes('c'.repeat(size))).toBe(true);
    expect(run.stderr()).toContain(`pad-lattice: the editor sent a line over ${64 * 1024} bytes; it is passed on unread`);
    expect(await turn(run, sessionId, `big ${size}`)).toMatchObject({ result: { stopReason: 'end_turn' } });
    expect(run.editor.agentText().includes('x'.repeat(size))).toBe(true);
    expect(run.stderr()).toContain(`pad-lattice: the agent sent a line over ${64 * 1024} bytes; it is passed on unread`);
    // A prompt that was itself too long to read never showed as running; the next one is read again.
    await turn(run, sessionId, 'fail');
    await untilPadSession(pad, (s) => s.state === 'error', 'the failed turn as error');
  });

  it('the editor’s own $/cancel_request reaches the agent unchanged', async () => {
    const { run, sessionId } = await setUp();
    const waiting = prompt(run.editor, sessionId, 'wait');
    run.editor.notify('$/cancel_request', { requestId: waiting });
    await until(() => agentMessages(run).some((m) => m['method'] === '$/cancel_request'), 'the cancel to reach the agent', 10_000, 10);
    expect(agentMessages(run).filter((m) => m['method'] === '$/cancel_request')).toEqual([
      { jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: waiting } },
    ]);
  });
});

describe('pad-lattice acp: either side going away', () => {
  it('an agent that dies mid-turn: the editor’s open request is answered with an error naming it, the proxy ends with its status, the session leaves', async () => {
    const { pad, run, sessionId } = await setUp();
    const dying = prompt(run.editor, sessionId, 'die');
    await untilPadSession(pad, (s) => s.state === 'running', 'the turn to run');
    expect(await run.done).toBe(3);
    expect(run.editor.messages().find((m) => m['id'] === dying)).toEqual({
      jsonrpc: '2.0',
      id: dying,
      error: { code: -32603, message: 'Internal error: the agent exited with status 3' },
    });
    expect(run.stderr()).toContain('pad-lattice: the agent exited with status 3');
    await until(() => run.editor.closed, 'the proxy’s stdout to end', 5_000, 10);
    expect(await sessionsOf(pad)).toEqual([]);
  });

  it('the editor closing stdin closes the agent’s: an agent that then exits ends the proxy with its status, and the session leaves', async () => {
    const { pad, run } = await setUp();
    run.stdin.end();
    expect(await run.done).toBe(0);
    expect(run.stderr()).toContain("pad-lattice: the editor closed its end (stdin): closing the agent's stdin");
    // The proxy closed that stdin itself: no note that the agent stopped reading it.
    expect(run.stderr()).not.toContain('no longer reads');
    expect(await sessionsOf(pad)).toEqual([]);
  });

  it('an agent that keeps running after its stdin closed is stopped with SIGTERM after the grace period; its session leaves the pad at once', async () => {
    const { pad, run } = await setUp({ agentEnv: { SDK_AGENT_IGNORE_EOF: '1' }, exitGraceMs: 3_000 });
    let ended = false;
    void run.done.then(() => (ended = true));
    run.stdin.end();
    await until(async () => (await sessionsOf(pad)).length === 0, 'the session to leave the pad', 10_000, 10);
    expect(ended).toBe(false);
    expect(await run.done).toBe(143);
    expect(run.stderr()).toContain('it is stopped if it has not exited within 3 s');
    expect(run.stderr()).toContain('pad-lattice: the agent was ended by SIGTERM');
  });

  it('an editor that stops reading (its end of stdout closed) gets the agent stopped the same way', async () => {
    const { pad, run } = await setUp({ agentEnv: { SDK_AGENT_IGNORE_EOF: '1' }, exitGraceMs: 300 });
    run.stdout.destroy();
    expect(await run.done).toBe(143);
    expect(run.stderr()).toMatch(/pad-lattice: the editor stopped reading \([^)]*\): closing the agent's stdin/);
    expect(await sessionsOf(pad)).toEqual([]);
  });
});
