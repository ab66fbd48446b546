import { describe, expect, it } from 'vitest';
import { PadLatticeClient } from '../../src/client/index.js';
import { startDaemon } from '../../src/daemon/daemon.js';
import { decodeClientLine, encodeServerMessage, fitsOutboundCap, type InventoryProfile } from '../../src/wire/index.js';
import { buildInventory } from '../../src/daemon/runtime/inventory-report.js';
import { daemonsPerTest } from '../client/daemon-harness.js';
import { tempSocketPath } from '../client/fake-daemon.js';
import { RecordingSurface } from '../daemon/helpers/fakes.js';
import { pl } from './run.js';
import { hubOf } from '../helpers/hub.js';

const daemons = daemonsPerTest();

const PROFILES: InventoryProfile[] = [
  { id: 'novation/launchpad/x', status: 'experimental', opensAutomatically: true, origin: 'built-in', source: '/opt/pl/profiles/novation/launchpad/x.json' },
  {
    id: 'acme/grid/one',
    status: 'experimental',
    opensAutomatically: false,
    origin: 'user',
    source: '/home/me/.config/pad-lattice/profiles/acme\u001b[2J.json',
  },
];

async function daemonWithProfiles(profiles = PROFILES, refused = 2) {
  const socketPath = tempSocketPath();
  const handle = await startDaemon({
    socketPath,
    surfaces: hubOf([new RecordingSurface(4)]),
    identityStorePath: null,
    pollInterval: 0.005,
    profileInventory: { profiles: () => profiles, refusedProfileFiles: () => refused },
  });
  return { socketPath, handle };
}

describe('the inventory request: open surfaces and loaded profiles (a Pad-Lattice extension)', () => {
  it('is a request with no members of its own, refused with unknown field like every Wire Protocol 1 request', () => {
    expect(decodeClientLine(Buffer.from('{"protocol":1,"type":"inventory"}'))).toEqual({ ok: true, message: { type: 'inventory' } });
    const extra = decodeClientLine(Buffer.from('{"protocol":1,"type":"inventory","all":true}'));
    expect(extra.ok ? null : extra.error.message).toBe('unknown field: all');
  });

  it('status and status --json list the open surfaces (kind and transport) and the profiles, escaped', async () => {
    const { socketPath, handle } = await daemonWithProfiles();
    try {
      const text = await pl(['status', '--socket', socketPath]);
      expect(text.code).toBe(0);
      expect(text.stdout).toContain('Open surfaces:\n  controller (midi)  test/recording  input Recording In, output Recording Out\n');
      expect(text.stdout).toContain('Profiles: 2 loaded, 1 open automatically; 2 profile files refused');
      expect(text.stdout).toMatch(/novation\/launchpad\/x +experimental +opens automatically \(documented, untested\) +built-in\n/);
      expect(text.stdout).toContain('acme/grid/one         experimental  needs --profile');
      expect(text.stdout).toContain('user /home/me/.config/pad-lattice/profiles/acme\\x1b[2J.json');
      expect(text.stdout).not.toContain('\u001b');

      const json = await pl(['status', '--json', '--socket', socketPath]);
      const parsed = JSON.parse(json.stdout) as Record<string, any>;
      expect(parsed['type']).toBe('status'); // the status message, unchanged …
      expect(parsed['inventory']).toEqual({
        // … plus the inventory reply's members
        surfaces: [{ kind: 'controller', transport: 'midi', profile: 'test/recording', input: 'Recording In', output: 'Recording Out' }],
        profiles: PROFILES.map((p) => ({ id: p.id, status: p.status, opens_automatically: p.opensAutomatically, origin: p.origin, source: p.source })),
        profiles_omitted: 0,
        refused_profile_files: 2,
      });
      expect(json.stdout).not.toContain('\u001b');
    } finally {
      await handle.close();
    }
  });

  it('without the extension (the reference daemon answers unknown_message_type) status shows what status says, and nothing else', async () => {
    const fake = await daemons.fake((message) =>
      message['type'] === 'status'
        ? {
            protocol: 1,
            type: 'status',
            profile: 'headless',
            visual_protocol: 1,
            input: 'none',
            output: 'none',
            surfaces: [],
            selected: null,
            overflow_count: 0,
            activity_motion: false,
            audio_feedback: false,
            experience: null,
            preview_active: false,
            session_ttl: 86400,
            sessions: [],
          }
        : { protocol: 1, type: 'error', code: 'unknown_message_type', error: `unknown message type: ${String(message['type'])}` },
    );
    expect(await new PadLatticeClient({ socketPath: fake.socketPath }).inventory()).toBeNull();
    const json = await pl(['status', '--json', '--socket', fake.socketPath]);
    expect(json.code).toBe(0);
    expect('inventory' in JSON.parse(json.stdout)).toBe(false);
    const text = await pl(['status', '--socket', fake.socketPath]);
    expect(text.code).toBe(0);
    expect(text.stdout).not.toContain('Open surfaces:');
  });

  it('always fits in one frame: profiles beyond it are counted, not sent', () => {
    const many = Array.from(
      { length: 5000 },
      (_, i): InventoryProfile => ({
        id: `acme/grid/model-${i}`,
        status: 'experimental',
        opensAutomatically: false,
        origin: 'user',
        source: `/home/me/.config/pad-lattice/profiles/${'é'.repeat(100)}/model-${i}.json`,
      }),
    );
    const report = buildInventory([], { profiles: () => many, refusedProfileFiles: () => 0 });
    expect(report.profilesOmitted).toBeGreaterThan(0);
    expect(report.profiles.length + report.profilesOmitted).toBe(5000);
    expect(fitsOutboundCap(encodeServerMessage({ type: 'inventory', inventory: report }))).toBe(true);
    const oneMore = { ...report, profiles: many.slice(0, report.profiles.length + 1) };
    expect(fitsOutboundCap(encodeServerMessage({ type: 'inventory', inventory: oneMore }))).toBe(false);
  });
});
