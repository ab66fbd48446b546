import type { SurfacePrompt } from '../../src/domain/index.js';

/** Question 2 of 2 of question request 42, with `count` options `o0`, `o1`, …: what a surface is shown. */
export const questionPrompt = (count: number): SurfacePrompt => ({
  kind: 'question',
  ref: 42,
  questionIndex: 1,
  questionCount: 2,
  question: { question: 'Q?', header: '', options: Array.from({ length: count }, (_, i) => ({ label: `o${i}`, description: '' })), multiSelect: false },
  selected: [],
});

/** A question as Claude Code's AskUserQuestion asks it: three options with descriptions. */
export const LICENSE_QUESTION = {
  question: 'Which license should the project use?',
  header: 'License',
  options: [
    { label: 'MIT', description: 'Short and permissive' },
    { label: 'Apache-2.0', description: 'Permissive, with a patent grant' },
    { label: 'GPL-3.0', description: 'Copyleft' },
  ],
  multiSelect: false,
} as const;
