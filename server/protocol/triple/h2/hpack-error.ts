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
