import { HeaderListTooLargeError, HpackError } from "@/server/protocol/triple/h2/hpack-error";
import { huffmanDecode } from "@/server/protocol/triple/h2/hpack-huffman";
import { STATIC_TABLE, STATIC_TABLE_LENGTH } from "@/server/protocol/triple/h2/hpack-static-table";

export { HeaderListTooLargeError, HpackError } from "@/server/protocol/triple/h2/hpack-error";

/** What an entry costs in the dynamic table, and a field in a header list, beyond its octets (RFC 7541 §4.1, RFC 7540 §6.5.2). */
const ENTRY_OVERHEAD = 32;
/** Integers (§5.1) are kept to 31 bits: no index, length or table size is bigger. */
const MAX_INTEGER = 2 ** 31 - 1;
/** Continuation octets after a full prefix; 5 carry 35 bits, more than MAX_INTEGER needs. */
const MAX_CONTINUATIONS = 5;
const EMPTY = Buffer.alloc(0);

/** Limits of an {@link HpackDecoder} besides its table size. */
export interface HpackDecoderOptions {
  /**
   * The most a decoded header list may hold, counted as RFC 7540 §6.5.2 does (each field's name
   * and value octets plus 32). Default 64 KiB.
   */
  readonly maxHeaderListBytes?: number;
}

/**
 * The receiving half of HPACK (RFC 7541) for one HTTP/2 connection: decodes its header blocks in
 * the order they arrive, keeping the dynamic table (§2.3.2, §4) from block to block.
 *
 * A block that is not valid HPACK throws HpackError and leaves the table out of step with the
 * peer's, so every later call throws too: the connection must end with COMPRESSION_ERROR
 * (RFC 7540 §4.3). A header list over `maxHeaderListBytes` is the exception: the block is still
 * decoded to its end (the table stays in step), its fields are dropped and HpackError is thrown,
 * so that only the stream needs to fail (HeaderListTooLargeError).
 */
export class HpackDecoder {
  private readonly maxHeaderListBytes: number;
  /** The table size limit the peer last set (§6.3), at most `maxTableSize`. */
  private tableLimit: number;
  /** The octets of the entries (§4.1). */
  private tableSize = 0;
  /** The dynamic table as a ring of `capacity` slots: `count` entries, the newest (index 62) in slot `newest`. */
  private readonly capacity: number;
  private readonly names: string[];
  private readonly values: string[];
  private newest = 0;
  private count = 0;
  /** Why an earlier block failed, after which the table is lost. */
  private broken: string | undefined;
  private block: Buffer = EMPTY;
  private at = 0;

  /**
   * @param maxTableSize the largest dynamic table the peer may use (our SETTINGS_HEADER_TABLE_SIZE,
   *   RFC 7540 §6.5.2); it starts at this size, and a size update (§6.3) may not exceed it.
   */
  constructor(
    private readonly maxTableSize = 4096,
    options: HpackDecoderOptions = {},
  ) {
    if (!Number.isInteger(maxTableSize) || maxTableSize < 0 || maxTableSize > MAX_INTEGER) throw new RangeError(`HPACK: a table size of ${maxTableSize}`);
    this.maxHeaderListBytes = options.maxHeaderListBytes ?? 64 * 1024;
    this.tableLimit = maxTableSize;
    // Every entry takes at least 32 octets, so no more than this many fit.
    this.capacity = Math.max(1, Math.floor(maxTableSize / ENTRY_OVERHEAD));
    this.names = new Array<string>(this.capacity).fill("");
    this.values = new Array<string>(this.capacity).fill("");
  }

  /** The octets the dynamic table holds now (§4.1: each entry's name and value plus 32). */
  get dynamicTableSize(): number {
    return this.tableSize;
  }

  /** The entries in the dynamic table now. */
  get dynamicTableLength(): number {
    return this.count;
  }

  /**
   * One complete header block (a HEADERS frame's fragment with its CONTINUATIONs), to its fields
   * in order; names and values as latin1 strings (one char per octet), names as sent.
   * @throws HpackError when the block is malformed (see the class) or its list is over the limit.
   */
  decode(block: Buffer): Array<[name: string, value: string]> {
    if (this.broken !== undefined) throw new HpackError(`HPACK: the decoder failed on an earlier block (${this.broken}), so its table is lost`);
    this.block = block;
    this.at = 0;
    const fields: Array<[name: string, value: string]> = [];
    let listBytes = 0;
    try {
      let started = false;
      while (this.at < block.length) {
        const start = this.at;
        const first = block[this.at++]!;
        let name: string;
        let value: string;
        if (first & 0x80) {
          // §6.1: an indexed field.
          const index = this.integer(first, 7);
          name = this.nameAt(index, start);
          value = this.valueAt(index);
        } else if ((first & 0xe0) === 0x20) {
          // §6.3: a table size update, only before the first field (§4.2).
          const size = this.integer(first, 5);
          if (started) throw new HpackError(`HPACK: a dynamic table size update at octet ${start}, after a field (only the start of a block may have one)`);
          if (size > this.maxTableSize) throw new HpackError(`HPACK: a dynamic table size update to ${size} at octet ${start}, over the ${this.maxTableSize} allowed`);
          this.tableLimit = size;
          this.evictTo(size);
          continue;
        } else {
          // §6.2.1 (01), with incremental indexing; §6.2.2 (0000), without; §6.2.3 (0001), never indexed.
          const indexing = (first & 0xc0) === 0x40;
          const index = this.integer(first, indexing ? 6 : 4);
          name = index === 0 ? this.string() : this.nameAt(index, start);
          value = this.string();
          if (indexing) this.insert(name, value);
        }
        started = true;
        listBytes += name.length + value.length + ENTRY_OVERHEAD;
        if (listBytes <= this.maxHeaderListBytes) fields.push([name, value]);
      }
    } catch (error) {
      if (error instanceof HpackError) this.broken = error.message;
      throw error;
    } finally {
      this.block = EMPTY; // not to keep the caller's buffer alive
    }
    if (listBytes > this.maxHeaderListBytes) {
      throw new HeaderListTooLargeError(listBytes, this.maxHeaderListBytes);
    }
    return fields;
  }

  /** An integer (§5.1) whose first octet, already read, is `first`, with a prefix of `prefixBits`. */
  private integer(first: number, prefixBits: number): number {
    const start = this.at - 1;
    const mask = (1 << prefixBits) - 1;
    let value = first & mask;
    if (value < mask) return value;
    for (let n = 0, shift = 0; ; n++, shift += 7) {
      if (n === MAX_CONTINUATIONS) throw new HpackError(`HPACK: the integer at octet ${start} runs over ${MAX_CONTINUATIONS} continuation octets`);
      if (this.at >= this.block.length) throw new HpackError(`HPACK: the block ends inside the integer at octet ${start}`);
      const octet = this.block[this.at++]!;
      value += (octet & 0x7f) * 2 ** shift;
      if (value > MAX_INTEGER) throw new HpackError(`HPACK: the integer at octet ${start} is over 2^31 - 1`);
      if ((octet & 0x80) === 0) return value;
    }
  }

  /** A string literal (§5.2): the H bit, a length with a 7-bit prefix, then the octets. */
  private string(): string {
    const start = this.at;
    if (start >= this.block.length) throw new HpackError(`HPACK: the block ends where a string literal should start (octet ${start})`);
    const first = this.block[this.at++]!;
    const length = this.integer(first, 7);
    const left = this.block.length - this.at;
    if (length > left) throw new HpackError(`HPACK: the string literal at octet ${start} is ${length} octets, but the block has ${left} left`);
    const from = this.at;
    this.at += length;
    return first & 0x80 ? huffmanDecode(this.block.subarray(from, this.at)) : this.block.toString("latin1", from, this.at);
  }

  /** The ring slot of dynamic `index` (62 and up), after checking `index` is in either table. */
  private slotOf(index: number, start: number): number {
    if (index === 0) throw new HpackError(`HPACK: index 0 at octet ${start} (no field has it)`);
    if (index > STATIC_TABLE_LENGTH + this.count) {
      throw new HpackError(`HPACK: index ${index} at octet ${start} beyond the tables (${STATIC_TABLE_LENGTH} static + ${this.count} dynamic)`);
    }
    const back = index - STATIC_TABLE_LENGTH - 1;
    return back < 0 ? -1 : (this.newest - back + this.capacity) % this.capacity;
  }

  private nameAt(index: number, start: number): string {
    const slot = this.slotOf(index, start);
    return slot < 0 ? STATIC_TABLE[index - 1]![0] : this.names[slot]!;
  }

  /** The value of `index`, which nameAt has checked. */
  private valueAt(index: number): string {
    if (index <= STATIC_TABLE_LENGTH) return STATIC_TABLE[index - 1]![1];
    return this.values[(this.newest - (index - STATIC_TABLE_LENGTH - 1) + this.capacity) % this.capacity]!;
  }

  /** Adds an entry as index 62 (§4.4): evicts the oldest until it fits, or empties the table when it cannot. */
  private insert(name: string, value: string): void {
    const size = name.length + value.length + ENTRY_OVERHEAD;
    if (size > this.tableLimit) {
      this.evictTo(0);
      return;
    }
    this.evictTo(this.tableLimit - size);
    this.newest = (this.newest + 1) % this.capacity;
    this.names[this.newest] = name;
    this.values[this.newest] = value;
    this.count++;
    this.tableSize += size;
  }

  /** Evicts the oldest entries until the table holds at most `size` octets (§4.3). */
  private evictTo(size: number): void {
    while (this.tableSize > size) {
      const oldest = (this.newest - (this.count - 1) + this.capacity) % this.capacity;
      this.tableSize -= this.names[oldest]!.length + this.values[oldest]!.length + ENTRY_OVERHEAD;
      this.names[oldest] = "";
      this.values[oldest] = "";
      this.count--;
    }
  }
}
