# No warning in any build type (Debug, Release, RelWithDebInfo) with GCC or clang: each
# compiles tfw's own sources and links tfw from a clean tree, warnings as errors.
#
# What it skips, since no diagnostic depends on it (12 m 46 s of CPU before, 8 m 55 s after,
# measured side by side on a loaded 2-core VM: BENCHMARKS.md, issue 18):
# - the tests, which only the main build compiles and runs;
# - all but one configure per compiler: one Ninja Multi-Config tree holds the three types;
# - debug info: -g changes no generated code (GCC's rule), so no warning either; each
#   type keeps its optimisation level and NDEBUG, where the warnings come from;
# - the combination the main build (BUILD_DIR) already compiled with -Werror, when it is
#   one of them (scripts/build: g++ RelWithDebInfo), after checking its cache says so.
# TFW_BUILD_TYPES and TFW_COMPILERS narrow the matrix by hand (space-separated).
source "$(dirname "$0")/common.sh"

# "GNU RelWithDebInfo" when the main build is scripts/build's: g++, RelWithDebInfo with
# CMake's flags, -Werror, no sanitizer or fuzzing; else "".
covered_by_main_build() {
  local cache="$build_dir/CMakeCache.txt" line
  [ -f "$cache" ] || return 0
  for line in 'TFW_WERROR:BOOL=ON' 'TFW_SANITIZE:BOOL=OFF' 'TFW_FUZZ:BOOL=OFF' \
    'CMAKE_BUILD_TYPE:STRING=RelWithDebInfo' 'CMAKE_CXX_FLAGS:STRING=' 'CMAKE_CXX_FLAGS_RELWITHDEBINFO:STRING=-O2 -g -DNDEBUG'; do
    grep -qxF "$line" "$cache" || return 0
  done
  grep -qxF 'set(CMAKE_CXX_COMPILER_ID "GNU")' "$build_dir"/CMakeFiles/*/CMakeCXXCompiler.cmake || return 0
  echo "GNU RelWithDebInfo"
}
covered=$(covered_by_main_build)

declare -A compiler_id=([g++]=GNU [clang++]=Clang)
for compiler in ${TFW_COMPILERS:-g++ clang++}; do
  dir="$scratch/$compiler"
  log="$dir.configure.log"
  # CMake's flags for each type, less -g.
  if ! CXX=$compiler cmake -G "Ninja Multi-Config" -S "$source_dir" -B "$dir" \
    -DCMAKE_CONFIGURATION_TYPES="Debug;Release;RelWithDebInfo" \
    -DCMAKE_CXX_FLAGS_DEBUG="-O0" -DCMAKE_CXX_FLAGS_RELEASE="-O3 -DNDEBUG" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -DNDEBUG" \
    -DTFW_WERROR=ON -DTFW_BUILD_TESTS=OFF >"$log" 2>&1; then
    fail "$compiler: configure failed"; tail -20 "$log" >&2; continue
  fi
  for type in ${TFW_BUILD_TYPES:-Debug Release RelWithDebInfo}; do
    build="$compiler $type"
    if [ "$covered" = "${compiler_id[$compiler]} $type" ]; then
      echo "$build: compiled by the main build ($build_dir) with -Werror"
      continue
    fi
    log="$dir-$type.log"
    if ! cmake --build "$dir" --config "$type" -j"$(nproc)" --target tfw >"$log" 2>&1; then
      fail "$build: build failed"; grep -E -A5 'error|warning' "$log" | head -40 >&2; continue
    fi
    if grep -q 'warning:' "$log"; then fail "$build: warnings"; grep -A5 'warning:' "$log" | head -40 >&2; fi
    expect_equal "$build: tfw version" "$(tfw_version "$dir/$type/tfw")" "$(tfw_version "$tfw_binary")"
  done
done

finish
