#!/usr/bin/env node
// A fake monome grid as a process: it speaks mext on stdin/stdout (socat joins
// those to one end of a pseudo-terminal pair; the daemon opens the other end
// with serialport) and answers a test on a Unix control socket, one JSON line
// per request:  {"press":[x,y]}  →  {"ok":true}
//               {"send":[bytes]} →  {"ok":true}  (raw bytes, e.g. a cut-off message)
//               {"state":true}   →  {"levels":[...],"errors":[...],"messages":n}
// Environment: FAKE_GRID_CONTROL (socket path, required), FAKE_GRID_COLUMNS,
// FAKE_GRID_ROWS, FAKE_GRID_ID, FAKE_GRID_MONOBRIGHT=1. It exits when stdin
// closes (the pty went away) or after LIFETIME_MS, so it never outlives a test.
import { createServer } from 'node:net';
import { rmSync } from 'node:fs';
import { MextGrid } from './mext-grid.mjs';

const env = process.env;
const control = env.FAKE_GRID_CONTROL;
if (!control) {
  process.stderr.write('fake grid: FAKE_GRID_CONTROL is required\n');
  process.exit(2);
}
const grid = new MextGrid({
  columns: Number(env.FAKE_GRID_COLUMNS ?? 16),
  rows: Number(env.FAKE_GRID_ROWS ?? 8),
  id: env.FAKE_GRID_ID ?? 'm1000123',
  varibright: env.FAKE_GRID_MONOBRIGHT !== '1',
});
const LIFETIME_MS = 60_000;

process.stdin.on('data', (bytes) => {
  const answer = grid.receive(bytes);
  if (answer.length > 0) process.stdout.write(answer);
});
const quit = () => {
  server.close();
  rmSync(control, { force: true });
  process.exit(0);
};
process.stdin.on('end', quit);
process.stdin.on('error', quit);
setTimeout(quit, LIFETIME_MS).unref();

const server = createServer((socket) => {
  let buffered = '';
  socket.on('data', (chunk) => {
    buffered += chunk.toString('utf8');
    for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n')) {
      const request = JSON.parse(buffered.slice(0, newline));
      buffered = buffered.slice(newline + 1);
      if (request.press) {
        process.stdout.write(grid.press(request.press[0], request.press[1]));
        socket.write(`${JSON.stringify({ ok: true })}\n`);
      } else if (request.send) {
        process.stdout.write(Uint8Array.from(request.send));
        socket.write(`${JSON.stringify({ ok: true })}\n`);
      } else {
        socket.write(`${JSON.stringify({ levels: [...grid.levels], errors: grid.errors, messages: grid.messages.length })}\n`);
      }
    }
  });
  socket.on('error', () => {});
});
rmSync(control, { force: true });
server.listen(control, () => process.stderr.write('fake grid: ready\n'));
