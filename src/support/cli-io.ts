/**
 * The streams and environment a program runs against. Every command and hook
 * entry takes one; tests pass fakes, the entry points pass the process's. It
 * lives on the bottom floor because the agent hooks (src/agents) run as
 * programs of their own and must not reach up into src/cli for it.
 */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream & { isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean };
  readonly stdin: NodeJS.ReadableStream;
  readonly env: NodeJS.ProcessEnv;
}
