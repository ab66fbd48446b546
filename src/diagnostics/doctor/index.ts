export {
  daemonCheck,
  devicesCheck,
  hidBackendCheck,
  midiCheck,
  profilesCheck,
  runtimeCheck,
  serialBackendCheck,
  type RuntimeFacts,
} from './checks.js';
export {
  makeRedactor,
  overallStatus,
  redactDeep,
  type CheckStatus,
  type DoctorCheck,
  type DoctorReport,
  type RedactionSources,
} from './doctor-report.js';
export { runDoctor, type DoctorSources } from './run-doctor.js';
