#!/usr/bin/env bash
# Compiles ClusterCheck.java against the runtime classpath of each Dubbo module of the rig
# (dubbo-2.7: 2.7.23, dubbo-3.3: 3.3.x, as resolved by Maven from the local repository) and
# prints what each answers. The expectations in test/unit/server/cluster/java-check.test.ts
# were taken from this output.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
peers="$(dirname "$here")"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
for module in dubbo-2.7 dubbo-3.3; do
  mvn -o -q dependency:build-classpath -f "$peers/$module/pom.xml" -Dmdep.outputFile="$out/$module.cp" >/dev/null
  cp="$(cat "$out/$module.cp")"
  mkdir -p "$out/$module"
  javac -nowarn -d "$out/$module" -cp "$cp" "$here/ClusterCheck.java" 2>/dev/null
  echo "== $module ($(java -version 2>&1 | head -1))"
  java -cp "$out/$module:$cp" ClusterCheck 2>/dev/null
done
