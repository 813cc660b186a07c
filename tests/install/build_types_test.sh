# No warning in any build type (Debug, Release, RelWithDebInfo) with GCC or clang: tfw's
# own sources from a clean tree, warnings as errors. Each of the six combinations is
# checked once in `ctest`, by the cheapest compile that still produces its diagnostics:
#
#   g++     Debug           here: compiled and linked (-O0)
#   g++     RelWithDebInfo  the main build (BUILD_DIR, scripts/build: -O2 -g1 -Werror),
#                           after checking its cache says so; else here, compiled and linked
#   g++     Release         portable.release_test: the release tree of scripts/package
#                           (-O3 -DNDEBUG, against Debian 11's glibc headers), configured
#                           there with -DTFW_WERROR=ON
#   clang++ Debug           scripts/test's sanitizer tree (the asan preset: -O0 with ASan
#                           and UBSan, the core with libFuzzer's coverage too, -Werror;
#                           $TFW_SANITIZER_BUILD_DIR),
#                           after checking its cache and that its tfw is newer than every
#                           source; else here, compiled and linked (-O0). Either way clang
#                           builds tfw.
#   clang++ Release         here: every compile command with -fsyntax-only, in the unity
#                           batches a real build compiles (each file on its own is
#                           libcxx_test's pass, against libc++)
#   clang++ RelWithDebInfo  the same front-end pass as clang++ Release (below)
#
# The real builds compile tfw's libraries in unity batches, as a user's build does by
# default (CMakeLists.txt, TFW_UNITY_BUILD): those are the compiles whose warnings count.
#
# Why nothing is lost:
# - GCC's optimisation-dependent warnings (-Wmaybe-uninitialized, -Warray-bounds,
#   -Wstringop-*, -Wrestrict ...) come from its middle end, after inlining, so each -O
#   level that has its own set needs a real compile: -O0 here, -O2 in the main build,
#   -O3 in the package test.
# - Clang's -Wall -Wextra warnings come from its front end (Sema and its analysis-based
#   warnings, -Wuninitialized included), which -fsyntax-only runs in full, templates
#   instantiated. Each syntax pass keeps its type's exact flags: -O2/-O3 define
#   __OPTIMIZE__ and NDEBUG is defined, which change what the glibc and libstdc++ headers
#   declare, so it parses exactly what the real compile would. What it
#   skips is code generation; clang's back end warns only about inline asm, stack frame
#   size (not in -Wall) and calls to functions with __attribute__((warning)), which
#   optimisation can only remove, so the -O0 Debug compile sees them all.
# - Clang's front end cannot tell -O2 from -O3: both predefine the same macros
#   (`clang++ -dM -E` on -O2 and -O3 differ in nothing; -O0 differs by __NO_INLINE__
#   and __OPTIMIZE__), and the level reaches Sema only as "optimising or not". With the
#   same NDEBUG, RelWithDebInfo and Release are one and the same syntax pass.
# - The sanitizers and the coverage instrumentation act on the generated code, after the
#   front end; at -O0 clang's back end runs no analysis that could warn, with or without
#   them. They predefine their own feature macros, which tfw's code never tests.
# - Debug info: -g changes no generated code (GCC's rule), so no warning either; each
#   type here has CMake's flags less -g.
# - The tests are compiled at -O0 in every build type (CMakeLists.txt), with -Werror: the
#   end-to-end programs by the main build, the unit tests by the sanitizer tree (clang)
#   and, under scripts/test, by GCC's front end here (unit_test_syntax_check); a main build
#   that compiled them, as scripts/build does, needs no pass.
# Measured before and after: BENCHMARKS.md, "scripts/test time".
# TFW_BUILD_TYPES and TFW_COMPILERS narrow the matrix by hand (space-separated).
source "$(dirname "$0")/common.sh"

# "GNU RelWithDebInfo" when the main build is scripts/build's: g++, RelWithDebInfo with
# CMake's flags (-g1 for -g, which changes no code), -Werror, no sanitizer or fuzzing;
# else "".
covered_by_main_build() {
  local cache="$build_dir/CMakeCache.txt" line
  [ -f "$cache" ] || return 0
  for line in 'TFW_WERROR:BOOL=ON' 'TFW_SANITIZE:BOOL=OFF' 'TFW_FUZZ:BOOL=OFF' \
    'CMAKE_BUILD_TYPE:STRING=RelWithDebInfo' 'CMAKE_CXX_FLAGS:STRING=' 'CMAKE_CXX_FLAGS_RELWITHDEBINFO:STRING=-O2 -g1 -DNDEBUG'; do
    grep -qxF "$line" "$cache" || return 0
  done
  grep -qxF 'set(CMAKE_CXX_COMPILER_ID "GNU")' "$build_dir"/CMakeFiles/*/CMakeCXXCompiler.cmake || return 0
  echo "GNU RelWithDebInfo"
}
covered=$(covered_by_main_build)

# "Clang Debug" when $TFW_SANITIZER_BUILD_DIR (scripts/test sets it) is a clang Debug tree
# with -Werror and no -O level, whose tfw was built after every source last changed;
# else "".
covered_by_sanitizer_tree() {
  local dir=${TFW_SANITIZER_BUILD_DIR:-} line
  [ -n "$dir" ] && [ -f "$dir/CMakeCache.txt" ] && [ -x "$dir/tfw" ] || return 0
  for line in 'TFW_WERROR:BOOL=ON' 'CMAKE_BUILD_TYPE:STRING=Debug' 'CMAKE_CXX_FLAGS:STRING='; do
    grep -qxF "$line" "$dir/CMakeCache.txt" || return 0
  done
  grep -qE '^CMAKE_CXX_FLAGS_DEBUG:STRING=(-g[a-z-]*)?$' "$dir/CMakeCache.txt" || return 0
  grep -qxF 'set(CMAKE_CXX_COMPILER_ID "Clang")' "$dir"/CMakeFiles/*/CMakeCXXCompiler.cmake || return 0
  [ -z "$(find "$source_dir/src" "$source_dir/include" "$source_dir/CMakeLists.txt" -newer "$dir/tfw" -print -quit)" ] ||
    return 0
  echo "Clang Debug"
}
covered_by_sanitizer=$(covered_by_sanitizer_tree)

# Runs the shell commands of standard input, one a line, nproc at once.
run_in_parallel() { xargs -d '\n' -n1 -P"$(nproc)" sh -c 'eval "$1"' sh; }

# Runs every compile command of tfw (and its libraries) for TYPE in the tree DIR with
# -fsyntax-only instead of writing an object (and without a dependency file), nproc at once.
syntax_check() {
  local dir=$1 type=$2 commands checked expected
  commands=$(cd "$dir" && ninja -f "build-$type.ninja" -t commands tfw | grep -e ' -c ' |
    sed -E 's/ -MD -MT [^ ]+ -MF [^ ]+//; s/ -o [^ ]+ -c / -fsyntax-only -c /')
  # Not a pass by default: every source file of tfw is compiled, on its own or in a unity
  # batch (src/platform is built only against an older glibc, TFW_GLIBC_SYSROOT: the arm64
  # tree compiles it with -Werror).
  checked=$(grep -o -e ' -c [^ ]*' <<<"$commands" | sed 's/^ -c //' | while read -r file; do
    case $file in
      */Unity/unity_*) sed -n 's/^#include "\(.*\)"$/\1/p' "$file" ;;
      *) echo "$file" ;;
    esac
  done | xargs realpath | sort -u)
  expected=$(find "$source_dir/src" -path "$source_dir/src/platform" -prune -o -name '*.cpp' -print | xargs realpath | sort -u)
  [ "$checked" = "$expected" ] ||
    { echo "the compile commands do not cover tfw's sources: $(diff <(echo "$expected") <(echo "$checked"))"; return 1; }
  (cd "$dir" && run_in_parallel <<<"$commands")
}

# GCC's front end over each unit test file the main build (a GCC tree, with -Werror) has not
# compiled since it last changed: scripts/test compiles the unit tests once, in the sanitizer
# tree (clang, -Werror), and not in the main build. Each runs the main build's own compile
# command, its precompiled header included, with -fsyntax-only. Narrowed: the few warnings
# GCC's middle end gives at -O0 (where test code compiles) are not seen here; clang's -Wall
# -Wextra, -Wreturn-type among them, see the same files in the sanitizer tree.
unit_test_syntax_check() {
  local commands
  commands=$(python3 - "$build_dir/compile_commands.json" <<'PYTHON'
import json, os, re, sys
for entry in json.load(open(sys.argv[1])):
    source = entry["file"]
    if not re.search(r"/tests/(core|shell|cli)/.*_test\.cpp$", source):
        continue
    output = os.path.join(entry["directory"], re.search(r" -o (\S+)", entry["command"]).group(1))
    if os.path.exists(output) and os.path.getmtime(output) >= os.path.getmtime(source):
        continue  # compiled by the main build with -Werror
    command = re.sub(r" -o \S+", "", entry["command"]).replace(" -c ", " -fsyntax-only -c ")
    print("cd '%s' && %s" % (entry["directory"], command))
PYTHON
  ) || return 1
  [ -n "$commands" ] || { echo "unit tests: every file compiled by the main build ($build_dir) with -Werror"; return 0; }
  local log="$scratch/unit-tests-gcc.log" count
  count=$(wc -l <<<"$commands")
  if ! run_in_parallel <<<"$commands" >"$log" 2>&1; then
    fail "unit tests: g++ -fsyntax-only failed"; grep -E -A5 'error|warning' "$log" | head -40 >&2; return 0
  fi
  if grep -q 'warning:' "$log"; then fail "unit tests: g++ warnings"; grep -A5 'warning:' "$log" | head -40 >&2; return 0; fi
  echo "unit tests: $count files passed g++ -fsyntax-only with the main build's flags"
}
if [ "$covered" = "GNU RelWithDebInfo" ]; then
  unit_test_syntax_check
else
  echo "unit tests: not checked with g++ here (the main build $build_dir is not scripts/build's GCC tree)"
fi

declare -A compiler_id=([g++]=GNU [clang++]=Clang)
clang_syntax_checked=""
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
    if [ "$covered_by_sanitizer" = "${compiler_id[$compiler]} $type" ]; then
      echo "$build: compiled and linked by the sanitizer tree ($TFW_SANITIZER_BUILD_DIR) with -Werror"
      expect_equal "$build: tfw version" "$(tfw_version "$TFW_SANITIZER_BUILD_DIR/tfw")" "$(tfw_version "$tfw_binary")"
      continue
    fi
    log="$dir-$type.log"
    case "$build" in
      "g++ Release")
        echo "$build: compiled by portable.release_test (scripts/package) with -Werror"
        ;;
      "clang++ Release" | "clang++ RelWithDebInfo")
        if [ -n "$clang_syntax_checked" ]; then
          echo "$build: the same front-end pass as clang++ $clang_syntax_checked"; continue
        fi
        clang_syntax_checked=$type
        if ! syntax_check "$dir" "$type" >"$log" 2>&1; then
          fail "$build: -fsyntax-only failed"; grep -E -A5 'error|warning' "$log" | head -40 >&2; continue
        fi
        if grep -q 'warning:' "$log"; then fail "$build: warnings"; grep -A5 'warning:' "$log" | head -40 >&2; fi
        echo "$build: every compile command passed with -fsyntax-only"
        ;;
      *)
        if ! cmake --build "$dir" --config "$type" -j"$(nproc)" --target tfw >"$log" 2>&1; then
          fail "$build: build failed"; grep -E -A5 'error|warning' "$log" | head -40 >&2; continue
        fi
        if grep -q 'warning:' "$log"; then fail "$build: warnings"; grep -A5 'warning:' "$log" | head -40 >&2; fi
        expect_equal "$build: tfw version" "$(tfw_version "$dir/$type/tfw")" "$(tfw_version "$tfw_binary")"
        ;;
    esac
  done
done

finish
