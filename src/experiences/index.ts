/**
 * Demo and Show (experiences.md): manifests, playback, the standalone loop.
 * Everything but manifest-files.ts is free of I/O; a browser bundle should
 * import the modules it needs directly rather than this index.
 */
export * from './vocabulary.js';
export * from './experience-view.js';
export { ManifestError } from './manifest/manifest-error.js';
export type { DemoInput, DemoManifest, DemoPrompt, DemoStage, DemoTransition } from './manifest/demo-manifest.js';
export type { PerformanceAudio, PerformanceCue, PerformanceManifest } from './manifest/performance-manifest.js';
export { parseDemoManifest } from './manifest/demo-loader.js';
export { parsePerformanceManifest } from './manifest/performance-loader.js';
export { loadDemoManifest, loadPerformanceManifest } from './manifest/manifest-files.js';
export { actCaption, captionAt } from './manifest/caption.js';
export { ShowTimeline } from './runtime/show-timeline.js';
export { ShowPlayback, type ShowTick } from './runtime/show-playback.js';
export { DemoRun, type DemoStep } from './runtime/demo-run.js';
export { demoGuidance, type DemoGuidance } from './runtime/demo-guidance.js';
export { ExperiencePlayer, type ExperiencePlayerOptions, type ShowStartOptions } from './runtime/experience-player.js';
export { StandaloneSession, type StandaloneOptions } from './runtime/standalone-session.js';
export type { ExperienceOutput, HostAudio, ShowScoreCue } from './runtime/output.js';
export { PACKAGED_DEMO_FILE, PACKAGED_SHOW_FILE } from './packaged.js';
