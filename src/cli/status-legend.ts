import type { StatusReport, StatusSessionReport } from '../client/index.js';
import { REMOTE_HOST_METADATA_KEY } from '../domain/index.js';
import { accentColor } from '../visual-protocol/index.js';
import { safeText, sceneText } from './session-text.js';
import type { Style } from './style.js';

/** Column widths of the session table (content is cut to fit, never wraps). */
const WIDTH = { scene: 8, accent: 8, state: 20, label: 24, host: 16, project: 20, session: 8 } as const;

/**
 * The human `pad-lattice status` listing: daemon facts, then one row per
 * session in the daemon's order (visible by slot, then overflow). With colour
 * on, each accent gets a swatch in its reference RGB (visual-protocol-1.md §8)
 * so the rows can be matched to the Agent Scene buttons at a glance.
 */
export function formatStatus(status: StatusReport, style: Style): string {
  const lines = [
    `${style.bold('Surface profile:')} ${safeText(status.profile, 120)} (Visual Protocol ${status.visualProtocol})`,
    `${style.bold('Surfaces:')} ${status.surfaces.map((s) => `${s.kind}:${safeText(s.profile, 80)}`).join(', ') || 'none'}`,
    `${style.bold('Selected:')} ${status.selected === null ? 'none' : `${safeText(status.selected.backend, 64)}/${safeText(status.selected.sessionId, 64)}`}`,
    `${style.bold('Overflow:')} ${status.overflowCount}`,
    `${style.bold('Audio feedback:')} ${status.audioFeedback ? 'on' : 'off'}`,
    `${style.bold('Session TTL:')} ${status.sessionTtl === 0 ? 'off' : `${status.sessionTtl} s`}`,
  ];
  if (status.experience !== null) lines.push(`${style.bold('Playing:')} ${status.experience}`);
  if (status.previewActive) lines.push(`${style.bold('Preview:')} active (the surface shows a preview, not the sessions)`);
  if (status.sessions.length === 0) {
    lines.push(`${style.bold('Sessions:')} none`);
  } else {
    // The Host column appears only when `pad-lattice remote` relays a session from another machine.
    const hosts = status.sessions.some((session) => hostOf(session) !== undefined);
    lines.push(style.bold('Sessions:'), style.dim(header(style.enabled, hosts)), ...status.sessions.map((session) => row(session, style, hosts)));
  }
  const unlisted = status.overflowCount - status.sessions.filter((session) => session.slot === null).length;
  if (unlisted > 0) {
    // The daemon drops the least recently active overflow sessions that would not fit one status reply.
    lines.push(style.dim(`  … ${unlisted} more overflow ${unlisted === 1 ? 'session is' : 'sessions are'} not listed (a status reply holds at most 64 KiB)`));
  }
  return `${lines.join('\n')}\n`;
}

function header(swatches: boolean, hosts: boolean): string {
  const accentTitle = `${swatches ? '   ' : ''}Accent`;
  return [
    '    Scene'.padEnd(WIDTH.scene + 4),
    accentTitle.padEnd(WIDTH.accent + (swatches ? 3 : 0)),
    'State'.padEnd(WIDTH.state),
    'Label'.padEnd(WIDTH.label),
    ...(hosts ? ['Host'.padEnd(WIDTH.host)] : []),
    'Project'.padEnd(WIDTH.project),
    'Session'.padEnd(WIDTH.session),
    'Lease',
  ].join(' ');
}

function row(session: StatusSessionReport, style: Style, hosts: boolean): string {
  const marker = session.selected ? '>' : ' ';
  const accent = safeText(session.accent, WIDTH.accent);
  const rgb = session.accent === null ? null : (accentColor(session.accent)?.rgb ?? null);
  // Escape codes have no width, so the swatch is added outside the padded text.
  const swatch = style.enabled ? `${rgb === null ? '  ' : style.swatch(rgb)} ` : '';
  const host = hostOf(session);
  const cells = [
    `  ${marker} ${sceneText(session.slot).padEnd(WIDTH.scene)}`,
    `${swatch}${accent.padEnd(WIDTH.accent)}`,
    safeText(session.state, WIDTH.state).padEnd(WIDTH.state),
    pad(safeText(session.label, WIDTH.label), WIDTH.label),
    ...(hosts ? [pad(host === undefined ? 'local' : safeText(host, WIDTH.host), WIDTH.host)] : []),
    pad(safeText(projectOf(session), WIDTH.project), WIDTH.project),
    pad(safeText(session.identity.sessionId, WIDTH.session), WIDTH.session),
    session.leased ? 'live' : 'ttl',
  ];
  const text = cells.join(' ');
  return session.selected ? style.bold(text) : text;
}

/** The machine `pad-lattice remote` relays the session from; undefined for this one. */
function hostOf(session: StatusSessionReport): string | undefined {
  return session.metadata[REMOTE_HOST_METADATA_KEY];
}

/** The last path component of the session's `cwd` metadata, the project a person recognises. */
function projectOf(session: StatusSessionReport): string {
  const cwd = session.metadata['cwd'];
  if (cwd === undefined || cwd === '') return '-';
  const parts = cwd.split('/').filter((part) => part !== '');
  return parts.at(-1) ?? cwd;
}

/** Pads by code points, so labels outside the BMP keep the columns straight. */
function pad(text: string, width: number): string {
  const length = [...text].length;
  return length >= width ? text : text + ' '.repeat(width - length);
}
