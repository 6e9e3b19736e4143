import type { HandlerContext } from '../../src/reference/handlers.js';

/** The token and credentials the reference server's handlers are called with outside a server. */
export const HANDLER_CONTEXT: HandlerContext = { token: 'sandbox-token-7f3a9c', credentials: { mobile: '13800138000', password: 'Sandbox#2026' } };
