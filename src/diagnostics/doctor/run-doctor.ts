import type { HidBackend } from '../../hid/hid-device.js';
import type { MidiPortNames } from '../../midi/midi-port.js';
import type { CatalogLoad } from '../../profiles/index.js';
import type { SerialBackend } from '../../serial/serial-port.js';
import {
  daemonCheck,
  devicesCheck,
  hidBackendCheck,
  midiCheck,
  profilesCheck,
  runtimeCheck,
  serialBackendCheck,
  serialHidSurfacesCheck,
  type RuntimeFacts,
} from './checks.js';
import type { DeckModelSpec } from '../../stream-deck/library.js';
import { identityCheck, type AskIdentities } from './identity-check.js';
import { makeRedactor, overallStatus, redactDeep, type DoctorCheck, type DoctorReport, type RedactionSources } from './doctor-report.js';

export interface DoctorSources {
  readonly runtime: RuntimeFacts;
  readonly loadCatalog: () => Promise<CatalogLoad>;
  /** Lists MIDI ports. */
  readonly listPorts: () => MidiPortNames;
  /** When given, the `identity` check asks each matched MIDI device who it is (the only check that opens a port). */
  readonly askIdentities?: AskIdentities;
  /** When given, the `serial_backend` and `hid_backend` checks list through them (never open). */
  readonly serialBackend?: () => SerialBackend;
  readonly hidBackend?: () => HidBackend;
  /** With both backends, the `surfaces` check recognises Stream Decks by these models. */
  readonly deckModels?: () => readonly DeckModelSpec[];
  readonly socketPath: string;
  /** True when a daemon answers on the path, false when none runs there. */
  readonly probeDaemon: (path: string) => Promise<boolean>;
  /** Checks of other parts (e.g. `codex_hooks`), run last, in order. */
  readonly moreChecks?: readonly (() => Promise<DoctorCheck>)[];
  readonly redaction: RedactionSources;
}

/**
 * The `doctor` report: runtime, profiles, midi, devices and identity (only when
 * the catalog loaded; identity when it can ask), serial_backend and hid_backend (when their backends are given), daemon,
 * then any further checks — every string redacted.
 */
export async function runDoctor(sources: DoctorSources): Promise<DoctorReport> {
  const checks: DoctorCheck[] = [runtimeCheck(sources.runtime)];
  const profiles = await profilesCheck(sources.loadCatalog);
  checks.push(profiles.check);
  const midi = midiCheck(sources.listPorts);
  checks.push(midi.check);
  if (profiles.catalog !== null) checks.push(devicesCheck(profiles.catalog, midi.ports));
  if (profiles.catalog !== null && sources.askIdentities !== undefined) {
    checks.push(await identityCheck(profiles.catalog.detect(midi.ports.inputs, midi.ports.outputs, true), sources.askIdentities));
  }
  if (sources.serialBackend !== undefined) checks.push(await serialBackendCheck(sources.serialBackend));
  if (sources.hidBackend !== undefined) checks.push(await hidBackendCheck(sources.hidBackend));
  if (sources.serialBackend !== undefined && sources.hidBackend !== undefined && sources.deckModels !== undefined) {
    checks.push(await serialHidSurfacesCheck(sources.serialBackend, sources.hidBackend, sources.deckModels));
  }
  checks.push(await daemonCheck(sources.socketPath, sources.probeDaemon));
  for (const check of sources.moreChecks ?? []) checks.push(await check());
  const redact = makeRedactor(sources.redaction);
  const redacted = checks.map((check) => redactDeep(check, redact) as DoctorCheck);
  return { version: sources.runtime.version, overall: overallStatus(redacted), checks: redacted };
}
