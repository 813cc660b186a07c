# tfw on 64-bit Arm Linux, under emulation: scripts/arm64 cross-builds tfw and its unit
# tests, runs the unit tests under qemu-aarch64, then end-to-end tests (a rename plan,
# --write, a tie trial, Ctrl-C) with the arm64 tfw driving the real terraform, and packs
# the arm64 release tarball. Here, that tarball: its tfw is an arm64 program that needs
# only glibc (and libgcc_s), no glibc symbol version above 2.31, and runs under qemu.
# The arm64 tree is kept in BUILD_DIR/arm64, so that a second run only rebuilds what changed.
source "$(dirname "$0")/../install/common.sh"
source "$(dirname "$0")/binary_checks.sh"

if ! TFW_ARM64_BUILD_DIR="$build_dir/arm64" "$source_dir/scripts/arm64" "$build_dir" >"$scratch/arm64.log" 2>&1; then
  cat "$scratch/arm64.log" >&2
  fail "scripts/arm64 failed (above)"
  finish
fi
grep -E '^arm64:|tests passed|test cases|No errors detected|^\*\*\*' "$scratch/arm64.log"

version=$(tfw_version "$tfw_binary")
name=tfw-$version-linux-arm64
tarball=$build_dir/arm64/$name.tar.gz
[ -f "$tarball" ] || { fail "scripts/arm64 made no $tarball"; finish; }
echo "tarball: $name.tar.gz, $(stat -c %s "$tarball") bytes"
tar -xzf "$tarball" -C "$scratch"
tfw="$scratch/$name/bin/tfw"
file "$tfw" | grep -q 'ARM aarch64' || fail "the arm64 tarball's tfw is not an arm64 program: $(file "$tfw")"
check_release_binary "$tfw" "$source_dir" "$build_dir"
expect_equal "arm64 tarball's tfw version" "$(tfw_version qemu-aarch64 "$tfw")" "$version"
finish
