import { ControlPlane } from './control-plane/index.js';
import { FileAccentStore } from './identity-store/file-accent-store.js';
import { WriteBehind, type WriteBehindOptions } from './identity-store/write-behind.js';
import { DaemonRuntime } from './runtime/runtime.js';
import { RuntimeLoop } from './runtime/runtime-loop.js';
import { NO_SURFACES } from './runtime/no-surfaces.js';
import type { SurfaceSet } from '../domain/index.js';
import { systemClock, type MonotonicClock } from './runtime/clock.js';
import { SILENT_LOGGER, describeError, type DaemonLogger } from './runtime/logger.js';
import type { EarconSink } from './runtime/audio-feedback.js';
import type { ExperienceController } from './runtime/experience.js';
import type { ProfileInventorySource } from './runtime/inventory-report.js';
import type { Outbox } from './runtime/outbox.js';
import { SocketServer, type PeerCredentialSource } from './socket/index.js';
import { loadSoPeerCred } from '../unix-socket/so-peercred.js';
import { defaultFallbackFolder, defaultSocketPath } from '../unix-socket/socket-path.js';
import { ensurePrivateFolder, PrivateFolderError } from '../unix-socket/private-folder.js';
import { socketFix } from '../unix-socket/socket-trust.js';
import { effectiveUid } from '../unix-socket/peer-credentials.js';
import { untrustedPath } from './socket/socket-errors.js';

export interface DaemonOptions {
  /** Default: wire-protocol-1.md §2 resolution from `env`. */
  readonly socketPath?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Seconds; control-plane defaults when absent. */
  readonly terminalHold?: number;
  readonly sessionTtl?: number;
  readonly actionDebounce?: number;
  /** Seconds Approve must be held for a destructive command (hold to approve); control-plane default 1.5; 0 disables. */
  readonly approveHold?: number;
  /** The accent store file (control-plane.md §15); null or absent: no store. The CLI always passes one. */
  readonly identityStorePath?: string | null;
  /** When the store file is rewritten: coalesced, at most once per interval (default 1 s), and on close. */
  readonly identityStoreWrites?: WriteBehindOptions;
  readonly activityMotion?: boolean;
  /**
   * Every surface the daemon draws on, as one (src/surfaces' hub): the daemon
   * initialises and closes it; its geometry is the control plane's. The caller
   * may add surfaces to it while the daemon runs (the CLI does, once the
   * daemon answers, so its first answer does not wait for controllers or the
   * browser pad). Absent: headless, eight Scenes.
   */
  readonly surfaces?: SurfaceSet;
  readonly experience?: ExperienceController;
  /** `--audio-feedback`: where live earcons play (control-plane.md §17.6); absent: none. */
  readonly earcons?: EarconSink | null;
  readonly logger?: DaemonLogger;
  /** The device profiles the `inventory` request lists (the MIDI hub's catalog); absent: none. */
  readonly profileInventory?: ProfileInventorySource | null;
  readonly clock?: MonotonicClock;
  readonly peerCredentials?: PeerCredentialSource;
  /** Seconds between loop iterations while something moves (a Demo or Show, a held Approve); otherwise the loop sleeps until input or something is due. Default 0.03. */
  readonly pollInterval?: number;
}

/** What comes with the surfaces once they are open: what plays and sounds on them, and what `inventory` lists. */
export interface SurfaceAttachment {
  readonly experience?: ExperienceController;
  readonly earcons?: EarconSink | null;
  /** The device profiles the `inventory` reply lists. */
  readonly profileInventory?: ProfileInventorySource | null;
}

export interface DaemonHandle {
  readonly socketPath: string;
  readonly runtime: DaemonRuntime;
  /** True only when connections are checked by peer uid; false means the 0600 socket mode is the only guard. */
  readonly peerCredentialCheck: boolean;
  /**
   * The Demo/Show player, the earcons and the profile inventory, ready once
   * the surfaces are open; the next frame repaints every surface and the log
   * names them. False (nothing attached) after close.
   */
  attach(attachment: SurfaceAttachment): boolean;
  /** Orderly shutdown (wire-protocol-1.md §3.3); idempotent. */
  close(): Promise<void>;
  /** Shutdown for exit paths that cannot wait: same steps, synchronous. Idempotent. */
  closeSync(): void;
}

/**
 * Starts a daemon: socket first (§3.2), then the surfaces, then the loop.
 * If anything fails before the daemon runs, whatever was opened is closed —
 * including the caller's surfaces — and the error propagates.
 */
export async function startDaemon(options: DaemonOptions = {}): Promise<DaemonHandle> {
  const logger = options.logger ?? SILENT_LOGGER;
  const socketPath = options.socketPath ?? defaultSocketPath(options.env ?? process.env);
  const surfaces = options.surfaces ?? NO_SURFACES;
  let server: SocketServer | null = null;
  // Off the message path: a store rewritten on every overflow would put an fsync on every few messages.
  const storeWrites = new WriteBehind(options.identityStoreWrites);
  try {
    const plane = new ControlPlane({
      selectorCapacity: surfaces.geometry.selectorCapacity,
      accentNames: surfaces.geometry.accentNames,
      terminalHold: options.terminalHold,
      actionDebounce: options.actionDebounce,
      sessionTtl: options.sessionTtl,
      approveHold: options.approveHold,
      accentStore: options.identityStorePath ? new FileAccentStore({ path: options.identityStorePath, logger, writes: storeWrites }) : null,
    });
    const outbox: Outbox = {
      send(connection, line) {
        const target = server?.connection(connection);
        if (target === undefined || !target.isOpen) return false;
        target.send(line);
        return true;
      },
    };
    const runtime = new DaemonRuntime({
      plane,
      surfaces,
      outbox,
      clock: options.clock ?? systemClock,
      experience: options.experience,
      activityMotion: options.activityMotion,
      earcons: options.earcons,
      logger,
      profileInventory: options.profileInventory ?? null,
    });
    server = new SocketServer({
      path: socketPath,
      peerCredentials: options.peerCredentials ?? loadSoPeerCred(),
      handler: {
        onLine: (connection, line) => runtime.handleLine(connection.id, line),
        onClose: (connection) => runtime.connectionClosed(connection.id),
      },
      onError: (error) => logger.error(`socket listener: ${describeError(error)}`),
      onClientWarning: (message) => logger.warn(message),
    });
    if (options.socketPath === undefined) await claimFallbackFolder(options.env ?? process.env, socketPath);
    // Assigned before listening: the outbox finds a connection accepted the instant the socket appears.
    await server.listen();
    surfaces.initialize();
    const loop = new RuntimeLoop(runtime, logger, options.pollInterval);
    loop.start();
    logStartup(logger, server, surfaces, options.surfaces === undefined);
    return makeHandle({ runtime, server, surfaces, loop, storeWrites, logger });
  } catch (error) {
    await server?.close();
    surfaces.close();
    storeWrites.flush();
    throw error;
  }
}

/** Without XDG_RUNTIME_DIR the socket lives in /tmp/pad-lattice-<uid>/, made private here or refused (another user may have made it first). */
async function claimFallbackFolder(env: NodeJS.ProcessEnv, socketPath: string): Promise<void> {
  const folder = defaultFallbackFolder(env);
  if (folder === null) return;
  const uid = effectiveUid();
  try {
    await ensurePrivateFolder(folder, uid, socketFix(uid));
  } catch (error) {
    if (error instanceof PrivateFolderError) throw untrustedPath(socketPath, error.message);
    throw error;
  }
}

function logStartup(logger: DaemonLogger, server: SocketServer, surfaces: SurfaceSet, headless: boolean): void {
  logger.info(`listening on ${server.path} (mode 0600)`);
  if (server.peerCredentials.available) logger.info(server.peerCredentials.description);
  else logger.warn(server.peerCredentials.description);
  if (headless) logger.info('no control surfaces: running headless');
  // Surfaces added later are named when the rest of the daemon is attached.
  else if (surfaces.descriptors.length > 0) logSurfaces(logger, surfaces);
}

function logSurfaces(logger: DaemonLogger, surfaces: SurfaceSet): void {
  const open = surfaces.descriptors.map((d) => `${d.kind} ${d.profile}`);
  logger.info(`surfaces: ${open.length === 0 ? 'none yet (controllers are picked up when they appear)' : open.join(', ')}`);
}

interface RunningParts {
  readonly runtime: DaemonRuntime;
  readonly server: SocketServer;
  readonly surfaces: SurfaceSet;
  readonly loop: RuntimeLoop;
  readonly storeWrites: WriteBehind;
  readonly logger: DaemonLogger;
}

function makeHandle({ runtime, server, surfaces, loop, storeWrites, logger }: RunningParts): DaemonHandle {
  let closing: Promise<void> | null = null;
  let closed = false;
  return {
    socketPath: server.path,
    runtime,
    peerCredentialCheck: server.peerCredentials.available,
    attach(attachment) {
      if (closed) return false;
      runtime.attach(attachment);
      logSurfaces(logger, surfaces);
      return true;
    },
    close() {
      closing ??= (async () => {
        closed = true;
        loop.stop();
        runtime.stopExperience();
        await server.close();
        surfaces.close();
        storeWrites.flush();
      })();
      return closing;
    },
    closeSync() {
      closed = true;
      loop.stop();
      runtime.stopExperience();
      server.closeSync();
      surfaces.close();
      storeWrites.flush();
    },
  };
}
