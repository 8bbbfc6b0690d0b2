import { ShieldAlert } from "lucide-react";
import type { AuditAclStatus } from "@/lib/api/registry-state";
import { Callout } from "../ui/callout";

/**
 * The audit trail's ZooKeeper path and its ACL, as the console last read it: a warning when
 * `world:anyone` may create, delete or write there (any ZooKeeper client could forge or
 * delete entries), a plain line otherwise.
 */
export function AuditAclStatusNote({ status }: { status: AuditAclStatus | null }) {
  if (status === null) return null;
  if (status.worldWritable) {
    return (
      <Callout tone="warn" icon={<ShieldAlert aria-hidden />} title="The audit trail is world-writable" data-testid="audit-acl-warning">
        <p>
          Any ZooKeeper client, without credentials, can forge or delete entries of the audit trail at{" "}
          <code className="font-mono text-xs [overflow-wrap:anywhere]">{status.path}</code>: its ACL is{" "}
          <code className="font-mono text-xs [overflow-wrap:anywhere]">{status.acl}</code>.
        </p>
        <p>Give the console ZooKeeper credentials (user:password@ in DUBBO_REGISTRY) and set a digest ACL on the path (docs/operations.md, &ldquo;The audit trail&rdquo;).</p>
      </Callout>
    );
  }
  return (
    <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="audit-acl-ok">
      Audit trail <code className="font-mono text-xs [overflow-wrap:anywhere]">{status.path}</code>: ACL{" "}
      <code className="font-mono text-xs [overflow-wrap:anywhere]">{status.acl}</code>, not writable without credentials.
    </p>
  );
}
