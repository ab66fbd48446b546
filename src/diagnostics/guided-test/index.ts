export { InterruptedError, LineReader, parseAnswer, questionPrompt } from './answers.js';
export {
  DEFAULT_EVENT_TIMEOUT,
  DEFAULT_SETTLE_DELAY,
  EXPECTED_FIGURES,
  emptyResults,
  runGuidedFlow,
  type GuidedTestIo,
  type GuidedTestSurface,
  type GuidedTestTiming,
} from './flow.js';
export { ReportWriteError, runGuidedTest, type GuidedTestOptions } from './guided-test.js';
export {
  buildReport,
  currentEnvironment,
  reportText,
  utcTimestamp,
  writeReportFile,
  type FailureStage,
  type GuidedTestReport,
  type GuidedTestResults,
  type TestEnvironment,
} from './report.js';
