/** The `bench` suites: figures for frame latency and hot-loop throughput (README, Performance). */
export { runBench, machineInfo, SOCKET_SUITE_PROFILE, SUITE_NAMES, type BenchChoices, type Progress, type SuiteName } from './run.js';
export type { DaemonCommand } from './daemon-command.js';
export { FULL_SETTINGS, QUICK_SETTINGS, type BenchSettings } from './settings.js';
export { formatReport, type ReportStyle } from './format-report.js';
export { USB_EVENT_PACKETS_PER_MS, frameOnWire, usbPackets, type FrameOnWire } from './usb-midi.js';
export type { BenchReport, BenchResults, MachineInfo } from './results.js';
export type { TargetCheck } from './results.js';
export type { LatencySummary } from './latency.js';
