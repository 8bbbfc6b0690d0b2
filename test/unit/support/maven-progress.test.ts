import { describe, expect, it } from "vitest";
import { describeFinished, describeRunning, emptyMavenProgress, type MavenProgress, readMavenLine } from "../../support/maven-progress";

// The shape of `mvn -B clean package` output on a cold local repository (Maven 3.8.7),
// with the repository's address replaced by a placeholder.
const COLD_BUILD = [
  "\u001b[0m\u001b[0m[INFO] Scanning for projects...",
  "[INFO] Building peers 1.0.0                                               [1/4]",
  "[INFO] Downloading from central: https://repository.invalid/maven2/org/apache/apache/10/apache-10.pom",
  "[INFO] Downloaded from central: https://repository.invalid/maven2/org/apache/apache/10/apache-10.pom (15 kB at 61 kB/s)",
  "[INFO] Building dubbo-2.7 1.0.0                                           [2/4]",
  "[INFO] Downloaded from central: https://repository.invalid/maven2/org/apache/dubbo/dubbo/2.7.23/dubbo-2.7.23.jar (5.1 MB at 9.8 MB/s)",
  "[INFO] Downloaded from central: https://repository.invalid/maven2/x/y/1/y-1.pom (5 B at 1 kB/s)",
  "[INFO] Building dubbo-3.3 1.0.0                                           [3/4]",
];

function replay(lines: readonly string[]): MavenProgress {
  const progress = emptyMavenProgress();
  for (const line of lines) readMavenLine(progress, line);
  return progress;
}

describe("reading Maven's progress", () => {
  it("follows the reactor module and adds up what was downloaded", () => {
    const progress = replay(COLD_BUILD);
    expect(progress.module).toEqual({ name: "dubbo-3.3", index: 3, count: 4 });
    expect(progress.downloads).toBe(3);
    expect(progress.downloadedBytes).toBe(15_000 + 5_100_000 + 5);
    expect(progress.succeeded).toBe(false);
  });

  it("says which module it is on and how much it has downloaded while it runs", () => {
    expect(describeRunning(replay(COLD_BUILD), 40_400)).toBe("still building dubbo-3.3 (3/4) after 40 s; 3 files, 5.1 MB downloaded so far");
    expect(describeRunning(emptyMavenProgress(), 15_000)).toBe("still starting after 15 s");
  });

  it("reports success, and downloads only when there were any", () => {
    const warm = replay(["[INFO] Building zookeeper-server 1.0.0        [4/4]", "[INFO] BUILD SUCCESS"]);
    expect(warm.succeeded).toBe(true);
    expect(describeFinished(warm, 9_600)).toBe("built in 10 s");
    expect(describeFinished(replay(COLD_BUILD), 95_000)).toBe("built in 95 s; 3 files, 5.1 MB downloaded into the local repository");
  });

  it("keeps error lines without their prefix", () => {
    const failed = replay(["[ERROR] Failed to execute goal on project dubbo-3.3: Could not resolve dependencies", "[ERROR] ", "[INFO] BUILD FAILURE"]);
    expect(failed.errors).toEqual(["Failed to execute goal on project dubbo-3.3: Could not resolve dependencies", ""]);
    expect(failed.succeeded).toBe(false);
  });
});
