/** The daemon runtime loop (control-plane.md §17). */
export { DaemonRuntime, type RuntimeOptions } from './runtime.js';
export { RuntimeLoop, DEFAULT_POLL_INTERVAL } from './runtime-loop.js';
export { RenderScheduler } from './render-scheduler.js';
export { NO_SURFACES } from './no-surfaces.js';
export { buildStatusReport, HEADLESS_PROFILE } from './status-report.js';
export { systemClock, type MonotonicClock } from './clock.js';
export { SILENT_LOGGER, type DaemonLogger } from './logger.js';
export {
  ATTENTION_BLOCK_REASON,
  NO_EXPERIENCES,
  type ExperienceController,
  type ExperienceStopReason,
} from './experience.js';
export { AudioFeedback, type EarconSink, type LiveEarconName } from './audio-feedback.js';
export { sendReply, sendNotification, type Outbox } from './outbox.js';
