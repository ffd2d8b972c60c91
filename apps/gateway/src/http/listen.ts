import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { Express } from 'express';

/**
 * The request and response classes of an HTTP server that serves `app`: Node's own, whose instances
 * are born with Express's prototypes (`app.request`, `app.response`).
 *
 * Why: Express re-prototypes every request and response (`Object.setPrototypeOf`). V8 then keeps
 * each request's object graph alive through young-generation collections until the next full one,
 * so every scavenge copies tens of megabytes and pauses the event loop for 20–50 ms under load.
 * When the prototype is already the right one, Express's call changes nothing and requests die young.
 */
export function expressHttpClasses(app: Express) {
  // Node's constructors are plain functions: applied to `this` (Reflect.construct with new.target
  // measured half the throughput in bench:api).
  function ExpressRequest(this: IncomingMessage, ...args: ConstructorParameters<typeof IncomingMessage>) {
    IncomingMessage.apply(this, args);
  }
  ExpressRequest.prototype = app.request;
  function ExpressResponse(this: ServerResponse, ...args: ConstructorParameters<typeof ServerResponse>) {
    ServerResponse.apply(this, args);
  }
  ExpressResponse.prototype = app.response;
  return {
    IncomingMessage: ExpressRequest as unknown as typeof IncomingMessage,
    ServerResponse: ExpressResponse as unknown as typeof ServerResponse,
  };
}

/** An HTTP server for `app` (see expressHttpClasses), listening on `port` and `host`. */
export function listenHttp(app: Express, port: number, host: string): Promise<Server> {
  const server = createServer(expressHttpClasses(app), app);
  return new Promise<Server>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
