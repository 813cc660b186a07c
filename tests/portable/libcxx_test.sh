# tfw's own sources against LLVM's libc++, the standard library of macOS (Apple clang),
# instead of GCC's libstdc++: the closest check of a macOS build this Linux machine allows.
# Code that builds with libstdc++ alone may not build on a Mac: libstdc++'s headers include
# more of each other than libc++'s, it has its own extensions (<bits/...>, __gnu_cxx), and
# it has pieces of C++20 that libc++ gained late (operator<=> on std::string, vector and
# optional in LLVM 16 and 17, std::from_chars for doubles in 20). Debian's libc++ 14 is
# older than Xcode's, so it finds what an older libc++ lacks; what it cannot find is a
# header that a newer libc++ no longer includes from another, or Apple's availability
# markings (a function the deployment target's macOS does not have).
#
# Every compile command of src/ of BUILD_DIR's configuration, with its definitions,
# include directories and warnings (-Wall -Wextra, -std=c++20), run by
# `clang++ -stdlib=libc++ -fsyntax-only -Werror`, nproc at once. One command per source
# file: the tree is configured again here without unity batches (CMakeLists.txt,
# TFW_UNITY_BUILD), so that each file is checked with its own includes alone. Only the syntax pass:
# Boost and yaml-cpp are installed for libstdc++ alone, with no libc++ build to link
# against, but their headers parse with libc++ too, and everything tfw asks of the
# standard library (names, includes, overloads, templates instantiated) is checked there.
# Tests are not checked: they are not shipped.
# clang++ and libc++'s headers come from scripts/install-deps (clang, libc++-dev).
source "$(dirname "$0")/../install/common.sh"

command -v clang++ >/dev/null || { echo "FAIL: no clang++ on PATH (scripts/install-deps installs it)" >&2; exit 1; }
# The headers in use must be libc++'s, not a fallback to libstdc++'s.
if ! libcxx_version=$(printf '#include <version>\n_LIBCPP_VERSION\n' |
  clang++ -stdlib=libc++ -std=c++20 -E -P -x c++ - 2>&1 | tail -1) || ! [[ $libcxx_version =~ ^[0-9]+$ ]]; then
  echo "FAIL: clang++ -stdlib=libc++ finds no libc++ headers (scripts/install-deps installs libc++-dev): $libcxx_version" >&2
  exit 1
fi
echo "clang++ $(clang++ -dumpversion), libc++ $libcxx_version"

build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:STRING=//p' "$build_dir/CMakeCache.txt")
cmake -S "$source_dir" -B "$scratch/tree" -DCMAKE_BUILD_TYPE="${build_type:-RelWithDebInfo}" -DTFW_WERROR=ON \
  -DTFW_UNITY_BUILD=OFF -DTFW_BUILD_TESTS=OFF >"$scratch/configure.log" 2>&1 ||
  { cat "$scratch/configure.log" >&2; echo "FAIL: configure failed" >&2; exit 1; }
commands="$scratch/tree/compile_commands.json"
[ -f "$commands" ] || { echo "FAIL: no $commands (CMAKE_EXPORT_COMPILE_COMMANDS)" >&2; exit 1; }

# One job a source file of src/: jobs/N.sh, running the compile command with clang++ and
# libc++ in its directory, and jobs/N.file, naming the file.
mkdir "$scratch/jobs"
python3 - "$commands" "$source_dir/src" "$scratch/jobs" <<'EOF'
import json, os, shlex, sys

commands, src, jobs = sys.argv[1:]
# Options GCC knows and clang does not (-Werror makes an unknown warning option an error).
gcc_only = {"-Wno-restrict"}
# Options followed by a value that only concerns the output.
output_with_value = {"-o", "-MF", "-MT", "-MQ"}
output_alone = {"-c", "-MD", "-MMD"}

entries = []
for entry in json.load(open(commands)):
    file = os.path.realpath(os.path.join(entry["directory"], entry["file"]))
    if file.startswith(src + os.sep):
        entries.append((file, entry))
n = 0
for file, entry in sorted(entries, key=lambda e: e[0]):
    directory = entry["directory"]
    args = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
    argv = ["clang++", "-stdlib=libc++"]
    skip = False
    for arg in args[1:]:
        if skip:
            skip = False
        elif arg in output_with_value:
            skip = True
        elif arg not in output_alone and arg not in gcc_only:
            argv.append(arg)
    argv += ["-fsyntax-only", "-Werror"]
    n += 1
    with open(os.path.join(jobs, f"{n}.sh"), "w") as out:
        out.write(f"cd {shlex.quote(directory)} && exec {shlex.join(argv)}\n")
    with open(os.path.join(jobs, f"{n}.file"), "w") as out:
        out.write(os.path.relpath(file, os.path.dirname(src)) + "\n")
EOF

# Not a pass by default: a file of src/ without a compile command is named (some are only
# built in one configuration, such as src/platform/glibc_baseline.cpp), and none is a failure.
jobs=$(find "$scratch/jobs" -name '*.sh' | wc -l)
[ "$jobs" -gt 0 ] || { echo "FAIL: no compile command for src/ in $commands" >&2; exit 1; }
comm -23 <(cd "$source_dir" && find src -name '*.cpp' | sort) <(cat "$scratch"/jobs/*.file | sort -u) |
  sed 's/^/not built in this configuration, so not checked: /'

# Each job's output beside it (jobs/N.log), and jobs/N.failed when it failed.
find "$scratch/jobs" -name '*.sh' -print0 |
  xargs -0 -n1 -P"$(nproc)" sh -c 'bash "$1" >"${1%.sh}.log" 2>&1 || : >"${1%.sh}.failed"' sh

for job in $(seq "$jobs"); do
  job=$scratch/jobs/$job
  # A clean pass prints nothing: anything else (a warning -Werror left alone) counts too.
  if [ -e "$job.failed" ] || [ -s "$job.log" ]; then
    fail "$(cat "$job.file") with clang++ -stdlib=libc++:"
    head -40 "$job.log" >&2
  fi
done
[ "$failures" -gt 0 ] || echo "$jobs source files of src/ pass with libc++"
finish
