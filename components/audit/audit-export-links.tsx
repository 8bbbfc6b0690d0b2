import { Download } from "lucide-react";
import { type AuditFilter, auditExportHref } from "@/lib/api/audit-filter";
import { Button } from "../ui/button";

/**
 * Downloads of every entry the current filters select (not only the pages loaded), as CSV
 * (safe to open in a spreadsheet) or JSON Lines: plain links, so the browser saves the file
 * the server streams (GET /api/v1/audit/export).
 */
export function AuditExportLinks({ filter }: { filter: AuditFilter }) {
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="audit-export">
      <span className="text-xs text-zinc-500 dark:text-zinc-400">Export the matching entries:</span>
      <Button asChild size="sm">
        <a href={auditExportHref(filter, "csv")} download data-testid="audit-export-csv">
          <Download className="h-4 w-4" aria-hidden />
          CSV
        </a>
      </Button>
      <Button asChild size="sm">
        <a href={auditExportHref(filter, "jsonl")} download data-testid="audit-export-jsonl">
          <Download className="h-4 w-4" aria-hidden />
          JSON Lines
        </a>
      </Button>
    </div>
  );
}
