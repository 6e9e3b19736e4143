// The pool loaded from its own file: undici's index also loads fetch, WebSocket, the mock agents
// and the caches, some 60 ms of start-up in each thread that sends. test/client/undici-pool.test.ts
// holds it to the class undici exports.
declare module 'undici/lib/dispatcher/pool.js' {
  import { Pool } from 'undici';
  export default Pool;
}
