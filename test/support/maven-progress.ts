/**
 * What a Maven build has done so far, read line by line from its batch-mode (`-B`)
 * output: which reactor module it builds, how much it downloaded, and its error lines.
 * Pure: no I/O, so a whole log can be replayed in a test.
 */
export interface MavenProgress {
  /** The module being built, e.g. `dubbo-3.3`, with its place in the reactor. */
  module: { name: string; index: number; count: number } | undefined;
  /** Files downloaded into the local repository so far. */
  downloads: number;
  downloadedBytes: number;
  /** `[ERROR]` lines, without the prefix. */
  errors: string[];
  /** Whether Maven said `BUILD SUCCESS`. */
  succeeded: boolean;
}

export function emptyMavenProgress(): MavenProgress {
  return { module: undefined, downloads: 0, downloadedBytes: 0, errors: [], succeeded: false };
}

/** Maven's transfer sizes: "(3.9 kB at 8.6 kB/s)"; it counts in powers of 1000. */
const UNIT_BYTES: Record<string, number> = { B: 1, kB: 1e3, KB: 1e3, MB: 1e6, GB: 1e9 };

// Colour codes: the `mvn` launcher prints a reset even in batch mode.
const ANSI = /\x1b\[[0-9;]*m/g;
const BUILDING = /^\[INFO\] Building (\S+) \S+\s+\[(\d+)\/(\d+)\]$/;
const DOWNLOADED = /^\[INFO\] Downloaded from [^:]+: \S+ \((\d+(?:\.\d+)?) (B|kB|KB|MB|GB)\b/;
const ERROR = /^\[ERROR\] ?(.*)$/;

/** Updates `progress` with one line of Maven's output. */
export function readMavenLine(progress: MavenProgress, rawLine: string): void {
  const line = rawLine.replace(ANSI, "").trimEnd();
  const building = BUILDING.exec(line);
  if (building) {
    progress.module = { name: building[1]!, index: Number(building[2]), count: Number(building[3]) };
    return;
  }
  const downloaded = DOWNLOADED.exec(line);
  if (downloaded) {
    progress.downloads++;
    progress.downloadedBytes += Number(downloaded[1]) * UNIT_BYTES[downloaded[2]!]!;
    return;
  }
  const error = ERROR.exec(line);
  if (error) progress.errors.push(error[1]!);
  else if (line === "[INFO] BUILD SUCCESS") progress.succeeded = true;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** One line for a build still running, e.g. "still building dubbo-3.3 (3/4) after 40 s; 212 files, 61.3 MB downloaded so far". */
export function describeRunning(progress: MavenProgress, elapsedMs: number): string {
  const where = progress.module ? `building ${progress.module.name} (${progress.module.index}/${progress.module.count})` : "starting";
  const fetched = progress.downloads > 0 ? `; ${progress.downloads} files, ${megabytes(progress.downloadedBytes)} downloaded so far` : "";
  return `still ${where} after ${Math.round(elapsedMs / 1000)} s${fetched}`;
}

/** One line for a finished build, e.g. "built in 95 s; 380 files, 98.0 MB downloaded into the local repository". */
export function describeFinished(progress: MavenProgress, elapsedMs: number): string {
  const fetched = progress.downloads > 0 ? `; ${progress.downloads} files, ${megabytes(progress.downloadedBytes)} downloaded into the local repository` : "";
  return `built in ${Math.round(elapsedMs / 1000)} s${fetched}`;
}
