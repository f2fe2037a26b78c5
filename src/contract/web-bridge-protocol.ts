import { z } from 'zod';

/**
 * The wire format of the browser bridge (`npm run web`): the IPC contract of ./ipc.ts carried
 * over a loopback WebSocket. Pure, no node/dom: the server (src/shell/web) and the browser
 * bridge (src/renderer/bridge) both read it.
 *
 *   window → core   {t:'invoke', id, channel, request}
 *   core → window   {t:'result', id, ok:true, response} | {t:'result', id, ok:false, error}
 *   core → window   {t:'event', channel, payload}
 */
export const WS_PATH = '/ws';
export const TOKEN_QUERY = 'token';
export const TOKEN_COOKIE = 'ledgerdrop_token';

export const InvokeMessage = z.object({
  t: z.literal('invoke'),
  id: z.number().int().nonnegative(),
  channel: z.string().min(1).max(100),
  request: z.unknown(),
});
export type InvokeMessage = z.infer<typeof InvokeMessage>;

export const ResultMessage = z.discriminatedUnion('ok', [
  z.object({ t: z.literal('result'), id: z.number().int(), ok: z.literal(true), response: z.unknown() }),
  z.object({ t: z.literal('result'), id: z.number().int(), ok: z.literal(false), error: z.string() }),
]);
export type ResultMessage = z.infer<typeof ResultMessage>;

export const EventMessage = z.object({ t: z.literal('event'), channel: z.string(), payload: z.unknown() });
export type EventMessage = z.infer<typeof EventMessage>;

export const ServerMessage = z.union([ResultMessage, EventMessage]);
export type ServerMessage = z.infer<typeof ServerMessage>;
