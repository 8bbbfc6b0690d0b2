import { CodecError } from "@/server/errors/transport-errors";

/**
 * A header block that is not valid HPACK (RFC 7541), or one over the decoder's limits. HTTP/2
 * treats a decoding failure as a connection error of type COMPRESSION_ERROR (RFC 7540 §4.3).
 */
export class HpackError extends CodecError {
  constructor(message: string) {
    super(message);
    this.name = "HpackError";
  }
}

/**
 * A header block decoded in full (the table stays in step with the peer's) whose list is over
 * the decoder's `maxHeaderListBytes`: only its stream need fail, not the connection.
 */
export class HeaderListTooLargeError extends HpackError {
  constructor(
    readonly listBytes: number,
    readonly limit: number,
  ) {
    super(`HPACK: a header list of ${listBytes} octets (names, values and 32 per field), over the ${limit} allowed`);
    this.name = "HeaderListTooLargeError";
  }
}
