// The part of `ws` (8.x, installed with the module federation tooling) the API uses; the package ships no types.
declare module 'ws' {
  import { EventEmitter } from 'node:events';
  import type { IncomingMessage } from 'node:http';
  import type { Duplex } from 'node:stream';

  export class WebSocket extends EventEmitter {
    constructor(address: string, options?: { headers?: Record<string, string> });
    static readonly OPEN: 1;
    readonly readyState: number;
    send(data: string): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    ping(): void;
  }

  export class WebSocketServer extends EventEmitter {
    constructor(options: { noServer: true; maxPayload?: number });
    readonly clients: Set<WebSocket>;
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, done: (ws: WebSocket) => void): void;
    close(done?: () => void): void;
  }
}
