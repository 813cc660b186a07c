# scripts/package builds tfw_<version>_<arch>.deb and lintian finds no error in it; the
# package passes package_checks.sh (computed Depends, a description, every file; unpacked
# with dpkg-deb -x, its tfw runs).
# Its Release build (g++, -O3 -DNDEBUG) is also build_types_test.sh's "g++ Release"
# check, so it is configured with warnings as errors here (a user's scripts/package
# leaves them warnings), and its log must hold no warning at all, the linker's included.
source "$(dirname "$0")/common.sh"
source "$(dirname "$0")/package_checks.sh"

if ! deb=$(CXX=g++ TFW_PACKAGE_DIR="$scratch/build" "$source_dir/scripts/package" -DTFW_WERROR=ON 2>"$scratch/package.log"); then
  cat "$scratch/package.log" >&2
  fail "scripts/package failed (a build error or a lintian error, above)"
  finish
fi
cat "$scratch/package.log"  # lintian's warnings, if any, for the record
# lintian writes "W: ...", a compiler or linker "warning:".
if grep -q 'warning:' "$scratch/package.log"; then fail "the Release build (g++) has warnings"; fi

check_package "$deb" "$(dpkg --print-architecture)"
finish
