# Each build type builds tfw from a clean build tree with GCC and with clang, warnings as
# errors. Only the tfw target, to bound the time.
source "$(dirname "$0")/common.sh"

for compiler in g++ clang++; do
for type in Debug Release RelWithDebInfo; do
  build="$compiler $type"
  dir="$scratch/$compiler-$type"
  log="$dir.log"
  if ! CXX=$compiler cmake -S "$source_dir" -B "$dir" -DCMAKE_BUILD_TYPE="$type" -DTFW_WERROR=ON -DTFW_BUILD_TESTS=OFF \
    >"$log" 2>&1; then
    fail "$build: configure failed"; tail -20 "$log" >&2; continue
  fi
  if ! cmake --build "$dir" -j"$(nproc)" --target tfw >>"$log" 2>&1; then
    fail "$build: build failed"; grep -E -A5 'error|warning' "$log" | head -40 >&2; continue
  fi
  if grep -q 'warning:' "$log"; then fail "$build: warnings"; grep -A5 'warning:' "$log" | head -40 >&2; fi
  expect_equal "$build: tfw version" "$(tfw_version "$dir/tfw")" "$(tfw_version "$tfw_binary")"
done
done

finish
