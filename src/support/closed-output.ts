/**
 * The one policy for a program whose output's reader went away (`pad-lattice
 * profile list | head -1`): the reader chose to stop reading, so the program
 * stops, quietly, with status 0, as a Unix tool would on SIGPIPE (Node
 * ignores SIGPIPE and raises EPIPE instead, which would otherwise end in a
 * stack trace). A program that stops in order on SIGTERM (the daemon: its
 * controllers cleared, its socket and link files removed) is sent SIGTERM;
 * any other exits at once. A closed stderr cannot be reported anywhere: its
 * errors are dropped, so writing a warning never crashes the program.
 */
export function stopQuietlyWhenOutputCloses(stdout: NodeJS.EventEmitter, stderr: NodeJS.EventEmitter, stop: () => void = stopThisProcess): void {
  let stopping = false;
  stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (!isClosedPipe(error)) throw error;
    // Later writes fail the same way while an orderly stop runs: one stop is enough.
    if (stopping) return;
    stopping = true;
    stop();
  });
  stderr.on('error', (error: NodeJS.ErrnoException) => {
    if (!isClosedPipe(error)) throw error;
  });
}

function stopThisProcess(): void {
  if (process.listenerCount('SIGTERM') > 0) process.kill(process.pid, 'SIGTERM');
  else process.exit(0);
}

/** EPIPE: the reading end closed; ERR_STREAM_DESTROYED: a write after that. */
function isClosedPipe(error: NodeJS.ErrnoException): boolean {
  return error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED';
}
