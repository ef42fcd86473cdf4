#!/usr/bin/env bash
# Runs clang-tidy (.clang-tidy's checks, findings as errors) on every source file of the core,
# two at a time, with the native build's compile commands; exits non-zero on any finding.
# Usage: bash scripts/tidy.sh [build dir, default build/native-release]
set -uo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/native-release}
[ -f "$build/compile_commands.json" ] || { echo "tidy: no $build/compile_commands.json (build first)"; exit 1; }
files=$(find core -name '*.cpp' | sort)
count=$(echo "$files" | wc -l)
log=$(mktemp)
echo "$files" | xargs -P 2 -n 4 clang-tidy -p "$build" --quiet > "$log" 2>&1
status=$?
grep -E "(warning|error):" "$log" | sort -u
findings=$(grep -cE "(warning|error):" "$log")
rm -f "$log"
if [ $status -ne 0 ] || [ "$findings" -ne 0 ]; then
  echo "tidy: $findings finding(s) in the core ($count files)"
  exit 1
fi
echo "tidy: $count files of the core, no finding"
