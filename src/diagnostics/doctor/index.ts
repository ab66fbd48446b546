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
export {
  agentClisCheck,
  agentCliSourcesFor,
  supportOf,
  versionIn,
  AGENT_CLIS,
  type AgentCliSources,
  type AgentCliSpec,
  type AgentCliSupport,
} from './agent-clis.js';
