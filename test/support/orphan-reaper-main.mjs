// The orphan reaper: a small detached process that outlives its owner (the demo, or a test
// process of the rig) by design. The owner writes commands to its stdin, one per line:
//   watch <pgid>    a process group the owner started
//   forget <pgid>   that group has ended
//   remove <dir>    a folder the owner made
//   keep <dir>      that folder is gone, or no longer the reaper's business
// When stdin closes, the owner has exited: cleanly (it forgot everything first) or killed
// by SIGKILL or a crash, when no handler of its own could run. The reaper then SIGKILLs
// every group still watched, waits briefly for them to end, removes the folders, and exits.
// Plain JavaScript so that it starts in tens of milliseconds with no loader.
import { rmSync } from "node:fs";
import { createInterface } from "node:readline";

/** How long the reaper waits for killed groups to end before removing folders anyway. */
const GROUP_END_WAIT_MS = 2_000;

const groups = new Set();
const dirs = new Set();

/** Whether any process of group `pgid` exists (a zombie counts until it is reaped). */
function groupExists(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

// A terminal's hangup and Ctrl-C are for the owner, which is in another process group.
for (const signal of ["SIGINT", "SIGHUP"]) process.on(signal, () => {});

createInterface({ input: process.stdin })
  .on("line", (line) => {
    const space = line.indexOf(" ");
    const verb = line.slice(0, space);
    const arg = line.slice(space + 1);
    if (verb === "watch") groups.add(Number(arg));
    else if (verb === "forget") groups.delete(Number(arg));
    else if (verb === "remove") dirs.add(arg);
    else if (verb === "keep") dirs.delete(arg);
  })
  .on("close", async () => {
    for (const pgid of groups) {
      try {
        process.kill(-pgid, "SIGKILL");
      } catch {
        groups.delete(pgid);
      }
    }
    const deadline = Date.now() + GROUP_END_WAIT_MS;
    while ([...groups].some(groupExists) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
