import { readFileSync, statSync } from "node:fs";
import { EMPTY_USERS_FILE, parseUsersFile, type UsersFile } from "@/lib/auth/users-file";

/**
 * The users file as it is now. Every {@link current} call checks the file's identity
 * (inode, size, modification and change times; one `stat`) and re-reads it when it changed,
 * so an edit, or a Kubernetes Secret update (an atomic symlink swap), takes effect on the
 * next request: a removed user's session stops working at once.
 *
 * A file that no longer parses keeps the last good one in force (reported through
 * `onError`, once per change); a missing file means nobody. The first read throws, so a
 * bad file stops start-up with one line naming the file and entry.
 */
export class UsersStore {
  private stamp = "";
  private file: UsersFile = EMPTY_USERS_FILE;

  constructor(
    private readonly path: string,
    private readonly onError: (message: string) => void = () => undefined,
  ) {
    this.file = parseUsersFile(readFileSync(path, "utf8"), path);
    this.stamp = stampOf(path);
  }

  current(): UsersFile {
    const stamp = stampOf(this.path);
    if (stamp === this.stamp) return this.file;
    this.stamp = stamp;
    if (stamp === "missing") {
      this.onError(`the users file ${this.path} is gone: nobody can sign in`);
      this.file = EMPTY_USERS_FILE;
      return this.file;
    }
    try {
      this.file = parseUsersFile(readFileSync(this.path, "utf8"), this.path);
    } catch (e) {
      this.onError(`${e instanceof Error ? e.message : String(e)}; keeping the users read before`);
    }
    return this.file;
  }
}

function stampOf(path: string): string {
  try {
    const s = statSync(path);
    return `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;
  } catch {
    return "missing";
  }
}
