import { describe, expect, it } from 'vitest';
import { HostNamespace, hostNameFromDestination, hostNameProblem } from '../../src/remote/host-namespace.js';
import { towardDaemon, towardRemote, type RelayRefusal } from '../../src/remote/relay-translation.js';
import { LinkWatch } from '../../src/remote/link-watch.js';

const devbox = new HostNamespace('devbox');
const line = (value: object | string) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));
const parsed = (out: Buffer | string | RelayRefusal) => {
  if (typeof out !== 'string' && !Buffer.isBuffer(out)) throw new Error(`the relay refused the line: ${out.refusal}`);
  return JSON.parse(out.toString()) as Record<string, unknown>;
};

describe('host names', () => {
  it('makes the default name from the ssh destination: no user, scheme or port, first label, IPv4 whole', () => {
    expect(hostNameFromDestination('devbox')).toBe('devbox');
    expect(hostNameFromDestination('me@devbox.example.com')).toBe('devbox');
    expect(hostNameFromDestination('ssh://me@dev-vm:2222')).toBe('dev-vm');
    expect(hostNameFromDestination('10.0.0.5')).toBe('10.0.0.5');
    expect(hostNameFromDestination('wsl box')).toBe('wsl-box');
    expect(hostNameFromDestination('me@...')).toBeNull();
  });

  it('accepts names for --name that fit a socket file name and a label', () => {
    expect(hostNameProblem('cloud-vm_2.a')).toBeNull();
    for (const bad of ['', '-x', '.x', 'a b', 'a/b', 'x'.repeat(64)]) expect(hostNameProblem(bad)).not.toBeNull();
  });
});

describe('HostNamespace', () => {
  it('moves backends and lease ids into the host namespace and back; other ids come back untouched', () => {
    expect(devbox.inward({ backend: 'claude', sessionId: 's1' })).toEqual({ backend: 'claude@devbox', sessionId: 's1' });
    expect(devbox.outward({ backend: 'claude@devbox', sessionId: 's1' })).toEqual({ backend: 'claude', sessionId: 's1' });
    expect(devbox.outward({ backend: 'claude@cloud', sessionId: 's1' })).toEqual({ backend: 'claude@cloud', sessionId: 's1' });
    expect(devbox.outward({ backend: 'claude', sessionId: 's1' })).toEqual({ backend: 'claude', sessionId: 's1' });
    // A backend that already ends in the suffix survives the round trip.
    expect(devbox.outwardId(devbox.inwardId('x@devbox'))).toBe('x@devbox');
    expect(devbox.owns('@devbox')).toBe(false);
  });
});

describe('relay translation toward the daemon', () => {
  it('namespaces a state, adds the host as display metadata over any the client claimed, and namespaces its lease', () => {
    const out = towardDaemon(
      line({
        protocol: 1,
        type: 'state',
        state: 'running',
        agent: { backend: 'claude', session_id: 's1', label: 'docs', remote_host: 'forged' },
        lease_id: 'L1',
        reply: true,
      }),
      devbox,
    );
    expect(parsed(out)).toEqual({
      protocol: 1,
      type: 'state',
      state: 'running',
      agent: { label: 'docs', remote_host: 'devbox', backend: 'claude@devbox', session_id: 's1' },
      lease_id: 'L1@devbox',
      reply: true,
    });
  });

  it('gives the default identity of state and subscribe_actions the namespace too', () => {
    expect(parsed(towardDaemon(line({ protocol: 1, type: 'state', state: 'running' }), devbox)).agent).toEqual({
      remote_host: 'devbox',
      backend: 'local@devbox',
      session_id: 'default',
    });
    expect(parsed(towardDaemon(line({ protocol: 1, type: 'subscribe_actions', actions: ['stop'], one_shot: true }), devbox))).toEqual({
      protocol: 1,
      type: 'subscribe_actions',
      agent: { backend: 'local@devbox', session_id: 'default' },
      actions: ['stop'],
      one_shot: true,
    });
  });

  it('namespaces session_end and session_lease (lease metadata gets the host)', () => {
    expect(parsed(towardDaemon(line({ protocol: 1, type: 'session_end', agent: { backend: 'codex', session_id: 'a' } }), devbox)).agent).toEqual({
      backend: 'codex@devbox',
      session_id: 'a',
    });
    expect(parsed(towardDaemon(line({ protocol: 1, type: 'session_lease', lease_id: 'L', metadata: { cwd: '/w' } }), devbox))).toEqual({
      protocol: 1,
      type: 'session_lease',
      lease_id: 'L@devbox',
      metadata: { cwd: '/w', remote_host: 'devbox' },
    });
  });

  it('namespaces questions and approval details', () => {
    const agent = { backend: 'claude', session_id: 'build' };
    expect(
      parsed(towardDaemon(line({ protocol: 1, type: 'question', agent, request_id: 'q', questions: [{ question: 'Q?', options: [{ label: 'a' }] }] }), devbox)),
    ).toMatchObject({
      type: 'question',
      agent: { backend: 'claude@devbox', session_id: 'build' },
    });
    expect(parsed(towardDaemon(line({ protocol: 1, type: 'approval_details', agent, request_id: 'r', tool: 'Bash', detail: 'ls' }), devbox))).toEqual({
      protocol: 1,
      type: 'approval_details',
      agent: { backend: 'claude@devbox', session_id: 'build' },
      request_id: 'r',
      tool: 'Bash',
      detail: 'ls',
    });
  });

  it('passes lines without identities, and lines the codec rejects, through byte for byte', () => {
    for (const raw of [
      '{"protocol":1.0,"type":"ping"}',
      '{"protocol":1,"type":"status"}',
      '{"type":"ping"}',
      'not json',
      '{"protocol":1,"type":"state","state":"bogus"}',
    ]) {
      const input = line(raw);
      expect(towardDaemon(input, devbox)).toBe(input);
    }
  });
});

describe('relay translation toward the remote client', () => {
  const ack = {
    protocol: 1,
    type: 'state_ack',
    backend: 'claude@devbox',
    session_id: 's1',
    state: 'running',
    slot: 0,
    scene: 1,
    accent: 'cyan',
    selected: true,
    leased: true,
    label: 'docs',
  };

  it('takes the namespace off answers', () => {
    const answer = { protocol: 1, type: 'answer', agent: { backend: 'claude@devbox', session_id: 'build' }, request_id: 'q', question: 0, option: 1 };
    expect(parsed(towardRemote(line(answer), devbox).line)).toEqual({ ...answer, agent: { backend: 'claude', session_id: 'build' } });
  });

  it('takes the namespace off acknowledgements, lease messages and actions', () => {
    expect(parsed(towardRemote(line(ack), devbox).line)).toEqual({ ...ack, backend: 'claude' });
    expect(parsed(towardRemote(line({ protocol: 1, type: 'session_lease_bound', lease_id: 'L1@devbox', session: ack }), devbox).line)).toEqual({
      protocol: 1,
      type: 'session_lease_bound',
      lease_id: 'L1',
      session: { ...ack, backend: 'claude' },
    });
    const relayed = towardRemote(
      line({ protocol: 1, type: 'action', action: 'approve', agent: { backend: 'claude@devbox', session_id: 's1' }, request_id: 'r' }),
      devbox,
    );
    expect(parsed(relayed.line)).toEqual({ protocol: 1, type: 'action', action: 'approve', agent: { backend: 'claude', session_id: 's1' }, request_id: 'r' });
    expect(relayed.action).toEqual({ type: 'action', action: 'approve', agent: { backend: 'claude@devbox', sessionId: 's1' }, requestId: 'r' });
  });

  it('shows this host its own sessions under their own ids in status, and everyone else as the daemon has them', () => {
    const session = (backend: string) => ({
      backend,
      session_id: 's1',
      state: 'running',
      slot: 0,
      accent: 'cyan',
      selected: false,
      leased: false,
      label: 's1',
      metadata: {},
    });
    const status = {
      protocol: 1,
      type: 'status',
      profile: 'p',
      visual_protocol: 1,
      input: 'i',
      output: 'o',
      surfaces: [{ kind: 'midi', profile: 'p', visual_protocol: 1, input: 'i', output: 'o' }],
      selected: { backend: 'claude@devbox', session_id: 's1' },
      overflow_count: 0,
      activity_motion: false,
      audio_feedback: false,
      experience: null,
      preview_active: false,
      session_ttl: 86400,
      sessions: [session('claude@devbox'), session('claude'), session('claude@cloud')],
    };
    const out = parsed(towardRemote(line(status), devbox).line);
    expect(out['selected']).toEqual({ backend: 'claude', session_id: 's1' });
    expect((out['sessions'] as { backend: string }[]).map((s) => s.backend)).toEqual(['claude', 'claude', 'claude@cloud']);

    const elsewhere = line({ ...status, selected: null, sessions: [session('claude')] });
    expect(towardRemote(elsewhere, devbox).line).toBe(elsewhere);
  });

  it('passes pong, errors and undecodable lines through byte for byte', () => {
    for (const raw of ['{"protocol":1,"type":"pong"}', '{"protocol":1,"type":"error","code":"invalid_message","error":"x"}', 'garbage']) {
      const input = line(raw);
      expect(towardRemote(input, devbox)).toEqual({ line: input, action: null });
    }
  });
});

describe('LinkWatch', () => {
  it('is live only while up and heard from within the limit', () => {
    let now = 1_000;
    const watch = new LinkWatch(3_000, () => now);
    expect(watch.live).toBe(false);
    watch.beat();
    now += 2_999;
    expect(watch.live).toBe(true);
    now += 1;
    expect(watch.live).toBe(false);
    expect(watch.silentMs()).toBe(3_000);
    watch.beat();
    expect(watch.live).toBe(true);
    watch.down();
    expect(watch.live).toBe(false);
  });
});
