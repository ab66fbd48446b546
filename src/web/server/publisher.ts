import type { ShowFrame, SurfaceView } from '../../domain/index.js';
import { MAX_WEB_MESSAGE_BYTES } from '../limits.js';
import { endsShowPicture, experienceStateMessage, IDLE_EXPERIENCE_VIEW, type ExperienceView } from '../protocol/experience-message.js';
import { overflowMessage } from '../protocol/extension-messages.js';
import { performanceFrameMessage } from '../protocol/performance-message.js';
import { surfaceMessage } from '../protocol/surface-message.js';
import { encodeServerMessage } from '../protocol/wire-json.js';
import type { ClientRegistry } from './client-registry.js';
import type { WebLogger } from './web-logger.js';

/**
 * Broadcasts the three shared message kinds and keeps the latest of each for
 * the snapshot a newly authenticated client receives (§13). Messages are
 * encoded once and the same text goes to every client.
 */
export class Publisher {
  readonly #registry: ClientRegistry;
  readonly #logger: WebLogger;
  #surface: string | null = null;
  #experience: string;
  #performance: string | null = null;
  /** The latest `overflow` extension message; sent only when it changes, and only to clients that asked. */
  #overflow: string | null = null;

  constructor(registry: ClientRegistry, logger: WebLogger) {
    this.#registry = registry;
    this.#logger = logger;
    this.#experience = this.#encode(experienceStateMessage(IDLE_EXPERIENCE_VIEW))!;
  }

  publishSurface(view: SurfaceView): void {
    const text = this.#encode(surfaceMessage(view));
    if (text === null) return;
    this.#surface = text;
    this.#registry.broadcast(text);
    const overflow = this.#encode(overflowMessage(view));
    if (overflow === null || overflow === this.#overflow) return;
    this.#overflow = overflow;
    this.#registry.broadcast(overflow, 'overflow');
  }

  /** What a client that has just asked for `overflow` needs to catch up. */
  overflowSnapshot(): string | null {
    return this.#overflow;
  }

  publishShowFrame(frame: ShowFrame): void {
    const text = this.#encode(performanceFrameMessage(frame));
    if (text === null) return;
    this.#performance = text;
    this.#registry.broadcast(text);
  }

  /** Idle and blocked also drop the cached Show frame, even if the state itself could not be sent. */
  publishExperience(view: ExperienceView): void {
    if (endsShowPicture(view.status)) this.#performance = null;
    const text = this.#encode(experienceStateMessage(view));
    if (text === null) return;
    this.#experience = text;
    this.#registry.broadcast(text);
  }

  /** §6.4 items 3–5: surface (once rendered), experience state (always), Show frame (while cached). */
  snapshot(): string[] {
    const texts = [this.#surface, this.#experience, this.#performance];
    return texts.filter((text): text is string => text !== null);
  }

  /** Over-limit output is dropped and logged; the bridge keeps serving (§9.3 QUIRK). */
  #encode(message: { readonly type: string }): string | null {
    const text = encodeServerMessage(message);
    if (text === null) this.#logger.warn(`web: dropped a ${message.type} message larger than ${MAX_WEB_MESSAGE_BYTES} bytes`);
    return text;
  }
}
