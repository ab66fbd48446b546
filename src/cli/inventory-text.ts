import type { InventoryReport } from '../client/index.js';
import { serverWireObject } from '../wire/index.js';
import { escapeUntrusted } from '../support/untrusted-text.js';
import type { Style } from './style.js';

/** The `inventory` part of `status --json`: the reply's members under wire names. */
export function inventoryJson(inventory: InventoryReport): Record<string, unknown> {
  const { protocol: _protocol, type: _type, ...members } = serverWireObject({ type: 'inventory', inventory });
  return members;
}

/** How a loaded profile gets opened, in a few words. */
function opening(profile: InventoryReport['profiles'][number]): string {
  if (profile.status === 'supported') return 'opens automatically (tested on hardware)';
  return profile.opensAutomatically ? 'opens automatically (documented, untested)' : `needs --profile`;
}

/**
 * The surfaces and profiles part of `pad-lattice status`. Port names and file
 * names come from devices and files: escaped, and cut to a sensible length.
 */
export function formatInventory(inventory: InventoryReport, style: Style): string {
  const lines = [style.bold('Open surfaces:')];
  if (inventory.surfaces.length === 0) lines.push('  none (controllers are opened when they appear)');
  for (const surface of inventory.surfaces) {
    const ports = `input ${escapeUntrusted(surface.input, 60)}, output ${escapeUntrusted(surface.output, 60)}`;
    lines.push(`  ${escapeUntrusted(surface.kind, 20)} (${escapeUntrusted(surface.transport, 20)})  ${escapeUntrusted(surface.profile, 60)}  ${ports}`);
  }
  const automatic = inventory.profiles.filter((profile) => profile.opensAutomatically).length;
  const total = inventory.profiles.length + inventory.profilesOmitted;
  const refused = inventory.refusedProfileFiles === 0 ? '' : `; ${inventory.refusedProfileFiles} profile files refused (the daemon's log says why)`;
  lines.push(`${style.bold('Profiles:')} ${total} loaded, ${automatic} open automatically${refused}`);
  const width = Math.max(0, ...inventory.profiles.map((profile) => profile.id.length));
  for (const profile of inventory.profiles) {
    const where = profile.origin === 'built-in' ? 'built-in' : `${profile.origin} ${escapeUntrusted(profile.source, 120)}`;
    lines.push(`  ${escapeUntrusted(profile.id, 80).padEnd(width)}  ${profile.status.padEnd(12)}  ${opening(profile).padEnd(42)}  ${where}`);
  }
  if (inventory.profilesOmitted > 0) lines.push(`  … and ${inventory.profilesOmitted} more`);
  return `${lines.join('\n')}\n`;
}
