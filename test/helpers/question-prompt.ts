import type { SurfacePrompt } from '../../src/domain/index.js';

/** Question 2 of 2 of question request 42, with `count` options `o0`, `o1`, …: what a surface is shown. */
export const questionPrompt = (count: number): SurfacePrompt => ({
  kind: 'question',
  ref: 42,
  questionIndex: 1,
  questionCount: 2,
  question: { question: 'Q?', header: '', options: Array.from({ length: count }, (_, i) => ({ label: `o${i}`, description: '' })), multiSelect: false },
});
