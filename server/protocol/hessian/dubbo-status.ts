/**
 * The status byte of a Dubbo response header (remoting/exchange/Response.java, 2.7 and
 * 3.x). Only 20 carries a result; every other status's body is one string, the error
 * message (ExchangeCodec.encodeResponse: `out.writeUTF(res.getErrorMessage())`).
 */
export const DUBBO_STATUS = {
  20: "OK",
  /** 3.x: the provider could not serialize its answer (e.g. over its payload limit). */
  25: "SERIALIZATION_ERROR",
  /** A Java consumer's own: the request was never sent in time. */
  30: "CLIENT_TIMEOUT",
  /** A Java consumer's own: sent, but no answer in time. */
  31: "SERVER_TIMEOUT",
  /** Local only: the channel went inactive. */
  35: "CHANNEL_INACTIVE",
  /** The provider could not decode the request ("Fail to decode request due to: ..."). */
  40: "BAD_REQUEST",
  /** The provider could not encode its answer (2.7: also an answer over its payload limit). */
  50: "BAD_RESPONSE",
  /** Declared; current providers send 70 for a service they do not export. */
  60: "SERVICE_NOT_FOUND",
  /** The provider's handler threw, e.g. "Not found exported service: ...". */
  70: "SERVICE_ERROR",
  /** The provider failed executing the call. */
  80: "SERVER_ERROR",
  /** Local only: the consumer could not decode the answer. */
  90: "CLIENT_ERROR",
  /** The provider's thread pool is exhausted. */
  100: "SERVER_THREADPOOL_EXHAUSTED_ERROR",
} as const;

/** The response status that carries a result. */
export const STATUS_OK = 20;

/** The status's Response.java name, or `UNKNOWN_<n>` for a byte no Dubbo version defines. */
export function statusName(status: number): string {
  return (DUBBO_STATUS as Record<number, string>)[status] ?? `UNKNOWN_${status}`;
}
