import type { AgentIdentity, ControlAction } from '../domain/index.js';
import type { WireConnection } from './connection.js';
import { HeldConnection } from './held-connection.js';

/** One action the daemon routed to this subscriber (wire-protocol-1.md §7.4). */
export interface ActionEvent {
  readonly action: ControlAction;
  readonly agent: AgentIdentity;
  /** The subscription's request id at dispatch time, if it had one. */
  readonly requestId: string | null;
}

/**
 * A live `subscribe_actions` connection. Iterate it with `for await`; leaving
 * the loop, `close()` or `await using` closes the connection, which is how the
 * protocol unsubscribes. The daemon closing the connection ends iteration with
 * a DaemonDisconnectedError; an `error` line becomes a DaemonProtocolError.
 */
export class ActionSubscription extends HeldConnection implements AsyncIterable<ActionEvent> {
  constructor(connection: WireConnection) {
    super(connection, 'the action subscription');
  }

  /**
   * Says what this request-scoped subscription asks to approve — a
   * Pad-Lattice extension (`approval_details`): the pad then shows the tool
   * and its command or file (redacted and shortened by the daemon) and the
   * approval's tier. A daemon without the extension answers with an `error`
   * line, which `receive` raises as a DaemonProtocolError; callers that wait
   * for actions ignore it.
   */
  async describe(
    details: { readonly agent: AgentIdentity; readonly requestId: string; readonly tool: string; readonly detail: string },
    timeoutMs: number,
  ): Promise<void> {
    await this.connection.send({ type: 'approval_details', ...details }, timeoutMs);
  }

  /**
   * The next action, or null after `close()`. With `timeoutMs`, rejects with
   * DaemonTimeoutError if nothing arrives in time; the subscription stays open.
   */
  async receive(timeoutMs: number | null = null): Promise<ActionEvent | null> {
    // Only `action` and `error` may arrive here (§6.5); anything else is a protocol failure, as in the reference client.
    const message = await this.receiveOf('action', timeoutMs);
    return message === null ? null : { action: message.action, agent: message.agent, requestId: message.requestId };
  }

  [Symbol.asyncIterator](): AsyncIterator<ActionEvent> {
    return {
      next: async () => {
        try {
          const event = await this.receive();
          return event === null ? { done: true, value: undefined } : { done: false, value: event };
        } catch (error) {
          await this.close();
          throw error;
        }
      },
      return: async () => {
        await this.close();
        return { done: true, value: undefined };
      },
    };
  }
}
