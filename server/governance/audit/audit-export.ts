import type { AuditEntry, AuditExportFormat } from "@/lib/api/audit";

/**
 * The audit trail as a download: CSV (RFC 4180, one row per entry) or JSON Lines (one
 * entry's JSON per line), built from the entries the list would answer, a chunk at a time
 * as the client reads (a ReadableStream with back-pressure), so 10,000 entries never sit
 * in memory as one text. Pure apart from the stream.
 *
 * CSV is safe to open in a spreadsheet: a cell whose text starts with `=`, `+`, `-`, `@`,
 * a tab or a carriage return (which Excel, LibreOffice and Google Sheets read as a formula)
 * is prefixed with `'`, as OWASP's CSV-injection advice says; every cell is quoted.
 */

/** The CSV columns, in order. */
export const AUDIT_CSV_COLUMNS = [
  "id",
  "time",
  "user",
  "role",
  "via",
  "address",
  "kind",
  "service",
  "route",
  "summary",
  "outcome",
  "error_code",
  "error_message",
  "method",
  "parameter_types",
  "arguments",
  "result",
  "invocation_withheld",
  "provider",
  "elapsed_ms",
  "before",
  "after",
] as const;

/** Rows encoded per chunk of the stream. */
const ROWS_PER_CHUNK = 200;

/** Characters a spreadsheet reads as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: formula-safe, quoted, inner quotes doubled. */
export function csvCell(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** A JSON value as one cell's text: strings as they are, anything else as JSON; absent and null as empty. */
function jsonText(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "");
}

/** The cells of `entry`, in AUDIT_CSV_COLUMNS order. */
export function csvCells(entry: AuditEntry): string[] {
  const call = entry.invocation;
  return [
    entry.id,
    new Date(entry.at).toISOString(),
    entry.actor.name,
    entry.actor.role,
    entry.actor.via,
    entry.actor.address,
    entry.kind,
    entry.service,
    entry.route?.name ?? "",
    entry.summary,
    entry.outcome,
    entry.error?.code ?? "",
    entry.error?.message ?? "",
    call?.method ?? "",
    call?.parameterTypes?.join(",") ?? "",
    call && !call.withheld ? JSON.stringify(call.args ?? null) : "",
    call && !call.withheld ? JSON.stringify(call.result ?? null) : "",
    call?.withheld ? "true" : "",
    call?.provider ?? "",
    call ? String(call.elapsedMs) : "",
    jsonText(entry.before),
    jsonText(entry.after),
  ];
}

/** One CSV line (CRLF-terminated, as RFC 4180 has it). */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** The HTTP facts of a download in `format`, named after `at`. */
export function exportFile(format: AuditExportFormat, at: number): { filename: string; contentType: string } {
  const stamp = new Date(at).toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  return format === "csv"
    ? { filename: `audit-${stamp}.csv`, contentType: "text/csv; charset=utf-8" }
    : { filename: `audit-${stamp}.jsonl`, contentType: "application/x-ndjson; charset=utf-8" };
}

/**
 * The download's bytes: for CSV a byte-order mark (so spreadsheets read UTF-8) and the
 * header, then one line per entry, pulled from `entries` a chunk at a time.
 */
export function auditExportStream(entries: Iterable<AuditEntry>, format: AuditExportFormat): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const rows = entries[Symbol.iterator]();
  const line = format === "csv" ? (e: AuditEntry) => csvLine(csvCells(e)) : (e: AuditEntry) => `${JSON.stringify(e)}\n`;
  let head = format === "csv" ? `\ufeff${csvLine(AUDIT_CSV_COLUMNS)}` : "";
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      let text = head;
      head = "";
      for (let i = 0; i < ROWS_PER_CHUNK; i++) {
        const next = rows.next();
        if (next.done) {
          if (text) controller.enqueue(encoder.encode(text));
          controller.close();
          return;
        }
        text += line(next.value);
      }
      controller.enqueue(encoder.encode(text));
    },
  });
}
