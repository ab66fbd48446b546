import { backendName } from './backend-name.js';
import { padFormOf } from './elicitation-form.js';
import { encodeError, encodeNotification, idKey, type RpcId, type RpcMessage } from './json-rpc.js';
import { agentNameOf, cancelledRequestOf, cwdOf, newSessionIdOf, permissionRequestOf, sessionIdOf, stopReasonOf } from './messages.js';
import { PadRequests } from './pad-requests.js';
import { PadSessions } from './pad-sessions.js';
import { ACP, internalError } from './protocol.js';
import { stateAfterTurn } from './turn-state.js';

/** Editor requests remembered until the agent answers them; past this the oldest is forgotten (it still gets its answer). */
const MAX_EDITOR_REQUESTS = 1_024;

export interface TrafficContext {
  readonly socketPath: string;
  readonly label: string | null;
  /** The agent's command: its file name is the backend when `initialize` names none. */
  readonly command: string;
  readonly toAgent: (line: string) => void;
  readonly toEditor: (line: string) => void;
  /** One line for the proxy's stderr (the editor's log of the agent). */
  readonly note: (message: string) => void;
}

/** An editor request the agent has not answered yet, with what its answer will mean for the pad. */
interface EditorRequest {
  readonly id: RpcId;
  readonly method: string;
  readonly sessionId: string | null;
  readonly cwd: string | null;
}

/**
 * What the proxy makes of the messages passing through it. Every message
 * goes on unchanged (the handlers return true) except an editor's answer to
 * a request the pad answered first. Sessions come from `session/new`,
 * `session/load` and `session/resume` answers and leave with
 * `session/close`/`session/delete`; a prompt makes its session `running`
 * and its answer ends the turn; the agent's questions go to the pad too.
 */
export class AcpTraffic {
  readonly #context: TrafficContext;
  readonly #editorRequests = new Map<string, EditorRequest>();
  readonly #sessions: PadSessions;
  readonly #requests: PadRequests;
  #backend: string | null = null;

  constructor(context: TrafficContext) {
    this.#context = context;
    this.#requests = new PadRequests(context);
    this.#sessions = new PadSessions({
      socketPath: context.socketPath,
      label: context.label,
      onStop: (sessionId) => this.#stopFromPad(sessionId),
      onUnavailable: () => context.note(`daemon unavailable at ${context.socketPath}; the agent runs as usual and its sessions appear once the daemon runs`),
      onFull: () => context.note('too many sessions for one proxy; newer ones are not shown on the pad'),
    });
  }

  /** A message from the editor; false holds it back. */
  fromEditor(message: RpcMessage): boolean {
    if (message.kind === 'response') return this.#requests.editorAnswered(message.id);
    if (message.kind !== 'request') return true;
    this.#remember({ id: message.id, method: message.method, sessionId: sessionIdOf(message.params), cwd: cwdOf(message.params) });
    if (message.method === ACP.prompt) this.#sessions.get(sessionIdOf(message.params))?.turnStarted();
    return true;
  }

  /** A message from the agent; always passed on. */
  fromAgent(message: RpcMessage): boolean {
    if (message.kind === 'response') this.#answered(message.id, message.failed, message.result);
    else if (message.kind === 'request') this.#agentAsks(message.id, message.method, message.params);
    else if (message.kind === 'notification') this.#agentSays(message.method, message.params);
    return true;
  }

  /** The agent is gone: each request the editor still waits for is answered with `why`, so no editor waits forever. */
  agentGone(why: string): void {
    for (const request of this.#editorRequests.values()) this.#context.toEditor(encodeError(request.id, internalError(why)));
    this.#editorRequests.clear();
  }

  /** Everything leaves the pad; resolves once the daemon was told. */
  async close(): Promise<void> {
    await this.#requests.close();
    await this.#sessions.closeAll();
  }

  #remember(request: EditorRequest): void {
    const key = idKey(request.id);
    this.#editorRequests.delete(key);
    if (this.#editorRequests.size >= MAX_EDITOR_REQUESTS) this.#editorRequests.delete(this.#editorRequests.keys().next().value as string);
    this.#editorRequests.set(key, request);
  }

  #answered(id: RpcId, failed: boolean, result: unknown): void {
    const key = idKey(id);
    const request = this.#editorRequests.get(key);
    if (request === undefined) return;
    this.#editorRequests.delete(key);
    switch (request.method) {
      case ACP.initialize:
        if (!failed) this.#backend = backendName(agentNameOf(result), this.#context.command);
        return;
      case ACP.newSession:
        this.#open(failed ? null : newSessionIdOf(result), request.cwd);
        return;
      case ACP.loadSession:
      case ACP.resumeSession:
        this.#open(failed ? null : request.sessionId, request.cwd);
        return;
      case ACP.prompt:
        if (request.sessionId === null) return;
        this.#requests.turnEnded(request.sessionId);
        this.#sessions.get(request.sessionId)?.turnEnded(stateAfterTurn(failed, stopReasonOf(result)));
        return;
      case ACP.closeSession:
      case ACP.deleteSession:
        if (failed || request.sessionId === null) return;
        this.#requests.turnEnded(request.sessionId);
        this.#sessions.close(request.sessionId);
        return;
    }
  }

  #open(sessionId: string | null, cwd: string | null): void {
    if (sessionId === null) return;
    this.#sessions.open(this.#backend ?? backendName(null, this.#context.command), sessionId, cwd);
  }

  #agentAsks(id: RpcId, method: string, params: unknown): void {
    if (method === ACP.requestPermission) {
      const request = permissionRequestOf(params);
      const session = this.#sessions.get(request?.sessionId ?? null);
      if (request !== null && session !== undefined) this.#requests.permission(id, request, session);
    } else if (method === ACP.createElicitation) {
      const form = padFormOf(params);
      const session = this.#sessions.get(form?.sessionId ?? null);
      if (form !== null && session !== undefined) this.#requests.form(id, form, session);
    }
  }

  /** `session/update` is not read: tool calls and plans happen inside a turn, which the prompt and its answer already bound. */
  #agentSays(method: string, params: unknown): void {
    if (method !== ACP.cancelRequest) return;
    const id = cancelledRequestOf(params);
    if (id !== null) this.#requests.agentWithdrew(id);
  }

  /** Stop on the pad: `session/cancel` to the agent, and its open requests answered "cancelled" in the editor's place. */
  #stopFromPad(sessionId: string): void {
    this.#context.note(`Stop pressed on the pad: cancelling the turn of session ${sessionId}`);
    this.#context.toAgent(encodeNotification(ACP.cancel, { sessionId }));
    this.#requests.cancelledFromPad(sessionId);
  }
}
