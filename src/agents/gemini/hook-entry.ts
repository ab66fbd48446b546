import { Readable, Writable } from 'node:stream';
import type { CliIo } from '../../support/cli-io.js';
import { runHookProcess, type HookProcessOptions } from '../shared/hook-process.js';
import { readToEnd } from '../shared/never-harm.js';
import { ASK_LINE } from './decision.js';
import { planFor } from './event-plan.js';
import { gateIsOn } from './gated-tools.js';
import { parseGeminiHookInput } from './hook-input.js';

/**
 * A whole Gemini CLI hook process. Under the launcher's session policy a
 * gated tool runs unless its BeforeTool hook says otherwise, so silence is
 * not safe here: whenever such a hook ends without an answer (no daemon, a
 * bad option, a failure, the time bound) it prints "ask" and Gemini's own
 * confirmation decides. Only the first answer is ever printed.
 */
export async function runGeminiHookProcess(args: readonly string[], io: CliIo, options: HookProcessOptions): Promise<number> {
  const stdin = await readToEnd(io.stdin);
  let answered = false;
  const answerOnce = (text: string) => {
    if (answered) return;
    answered = true;
    io.stdout.write(text);
  };
  const stdout = new Writable({
    write(chunk: Buffer, _encoding, done) {
      answerOnce(chunk.toString('utf8'));
      done();
    },
  });
  try {
    return await runHookProcess(
      'gemini',
      args,
      { ...io, stdin: Readable.from([stdin]), stdout },
      options,
      async () => (await import('./hook.js')).runGeminiHook,
    );
  } finally {
    if (needsAnswer(stdin, io.env)) answerOnce(ASK_LINE);
  }
}

/** True for the BeforeTool of a gated tool: the one event whose silence would let the tool run. */
export function needsAnswer(stdin: Uint8Array, env: NodeJS.ProcessEnv): boolean {
  const input = parseGeminiHookInput(stdin);
  return input !== null && planFor(input, gateIsOn(env))?.kind === 'approval';
}
