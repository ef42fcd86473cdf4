#!/usr/bin/env bash
# Fuzzes each target for a set time (libFuzzer, ASan + UBSan, the `fuzz` preset) starting from
# the committed corpus, and prints executions and crashes per target and in all. Exits non-zero
# when a target crashed; the crashing input is left in build/fuzz/crashes/<target>/.
# Usage: bash bench/fuzz/run.sh [seconds for http_request] [storage_log] [coins_file] [rpc_request]
set -uo pipefail
cd "$(dirname "$0")/../.."
seconds=("${1:-120}" "${2:-60}" "${3:-30}" "${4:-60}")
targets=(http_request storage_log coins_file rpc_request)
cmake --preset fuzz >/dev/null || exit 1
cmake --build --preset fuzz -j2 --target "${targets[@]/#/fuzz_}" >/dev/null || exit 1

total=0 crashed=0
printf '%-14s %8s %14s %8s\n' target seconds executions crashes
for i in "${!targets[@]}"; do
  t=${targets[$i]}
  work=build/fuzz/work/$t crashes=build/fuzz/crashes/$t
  mkdir -p "$work" "$crashes"
  log=build/fuzz/$t.log
  build/fuzz/tests/fuzz/fuzz_$t -max_total_time="${seconds[$i]}" -print_final_stats=1 \
    -artifact_prefix="$crashes/" -timeout=10 -rss_limit_mb=2048 "$work" "tests/fuzz/corpus/$t" >"$log" 2>&1
  status=$?
  runs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | awk '{print $2}')
  found=$(find "$crashes" -type f | wc -l)
  [ $status -ne 0 ] && [ "$found" -eq 0 ] && found=1
  printf '%-14s %8s %14s %8s\n' "$t" "${seconds[$i]}" "${runs:-0}" "$found"
  total=$((total + ${runs:-0}))
  crashed=$((crashed + found))
  [ "$found" -gt 0 ] && tail -30 "$log"
done
printf '%-14s %8s %14s %8s\n' all "" "$total" "$crashed"
[ "$crashed" -eq 0 ]
