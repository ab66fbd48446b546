import type { ShowFrame, SurfacePrompt, SurfaceView, VisualFrame } from '../../domain/index.js';
import { MAX_WEB_MESSAGE_BYTES } from '../limits.js';
import { endsShowPicture, experienceStateMessage, IDLE_EXPERIENCE_VIEW, type ExperienceView } from '../protocol/experience-message.js';
import { experienceBlockMessage, overflowMessage } from '../protocol/extension-messages.js';
import { performanceFrameMessage } from '../protocol/performance-message.js';
import { promptMessage, type PromptDetail } from '../protocol/prompt-message.js';
import { surfaceMessage } from '../protocol/surface-message.js';
import { encodeServerMessage } from '../protocol/wire-json.js';
import type { ClientRegistry, TrackedClient } from './client-registry.js';
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
  /** The latest `experience_block` extension message, likewise. */
  #experienceBlock: string | null = null;
  /** The latest `prompt` extension message, with texts and without; sent when it changes, only to clients that asked. */
  #prompt: { readonly full: string; readonly textless: string } | null = null;
  #lastPrompt: SurfacePrompt | undefined = undefined;
  /** The admin setting: paired phones get the texts too. */
  #detailsShared = false;

  constructor(registry: ClientRegistry, logger: WebLogger) {
    this.#registry = registry;
    this.#logger = logger;
    this.#experience = this.#encode(experienceStateMessage(IDLE_EXPERIENCE_VIEW))!;
  }

  publishSurface(view: SurfaceView, frame?: VisualFrame): void {
    const text = this.#encode(surfaceMessage(view, frame));
    if (text === null) return;
    this.#surface = text;
    this.#registry.broadcast(text);
    this.#publishPrompt(view.prompt, false);
    this.#publishExperienceBlock(view);
    const overflow = this.#encode(overflowMessage(view));
    if (overflow === null || overflow === this.#overflow) return;
    this.#overflow = overflow;
    this.#registry.broadcast(overflow, 'overflow');
  }

  get detailsShared(): boolean {
    return this.#detailsShared;
  }

  /** The admin's choice; every browser that asked for prompts hears of it at once. */
  shareDetails(enabled: boolean): void {
    if (enabled === this.#detailsShared) return;
    this.#detailsShared = enabled;
    this.#publishPrompt(this.#lastPrompt, true);
  }

  /** What a client that has just asked for `prompts` needs to catch up. */
  promptSnapshot(client: Pick<TrackedClient, 'remote'>): string | null {
    if (this.#prompt === null) this.#prompt = this.#encodePrompt(this.#lastPrompt);
    return this.#seesDetails(client) ? this.#prompt.full : this.#prompt.textless;
  }

  #seesDetails(client: Pick<TrackedClient, 'remote'>): boolean {
    return !client.remote || this.#detailsShared;
  }

  #publishPrompt(prompt: SurfacePrompt | undefined, force: boolean): void {
    const encoded = this.#encodePrompt(prompt);
    this.#lastPrompt = prompt;
    if (!force && this.#prompt !== null && encoded.full === this.#prompt.full) return;
    this.#prompt = encoded;
    this.#registry.broadcastEach('prompts', (client) => (this.#seesDetails(client) ? encoded.full : encoded.textless));
  }

  /** The texts shrink until the message fits: option descriptions go first, then every text (the shape always fits). */
  #encodePrompt(prompt: SurfacePrompt | undefined): { readonly full: string; readonly textless: string } {
    const encode = (detail: PromptDetail) => encodeServerMessage(promptMessage(prompt, detail, this.#detailsShared));
    const textless = encode('none')!;
    return { full: encode('full') ?? encode('short') ?? textless, textless };
  }

  /** What a client that has just asked for `overflow` needs to catch up. */
  overflowSnapshot(): string | null {
    return this.#overflow;
  }

  /** What a client that has just asked for `experience_block` needs to catch up. */
  experienceBlockSnapshot(): string | null {
    return this.#experienceBlock;
  }

  #publishExperienceBlock(view: SurfaceView): void {
    const text = this.#encode(experienceBlockMessage(view));
    if (text === null || text === this.#experienceBlock) return;
    this.#experienceBlock = text;
    this.#registry.broadcast(text, 'experience_block');
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
