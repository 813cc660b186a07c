# tfw on 64-bit Arm Linux, under emulation: scripts/arm64 cross-builds tfw and the core's
# unit tests (the parsing and matching, where char signedness and the vector unit differ;
# the shell's run in the end-to-end cases below), runs them under qemu-aarch64, then
# end-to-end tests (a rename plan, --write, a tie trial, Ctrl-C) with the arm64 tfw driving
# the real terraform, and packs the arm64 release tarball. Here, that tarball: its tfw is
# an arm64 program that needs only glibc (and libgcc_s), no glibc symbol version above
# 2.31, and runs under qemu with Debian 11's arm64 glibc 2.31 (scripts/glibc-root arm64,
# qemu's -L): `tfw version`, and `tfw plan` on the bundled terraform_data refactor moves
# four objects and destroys nothing. Then `scripts/package arm64` packs the same tree
# again, to the same bytes, with the arm64 Debian package beside it: lintian finds no error
# in it, it passes package_checks.sh (its unpacked tfw run under qemu-aarch64), its tfw is
# the tarball's, and Debian 11's arm64 packages satisfy its Depends.
# The arm64 tree is kept in BUILD_DIR/arm64, so that a second run only rebuilds what changed.
source "$(dirname "$0")/../install/common.sh"
source "$(dirname "$0")/binary_checks.sh"
source "$(dirname "$0")/package_checks.sh"

if ! TFW_ARM64_UNIT_TESTS=core TFW_ARM64_BUILD_DIR="$build_dir/arm64" "$source_dir/scripts/arm64" "$build_dir" >"$scratch/arm64.log" 2>&1; then
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
root=$("$source_dir/scripts/glibc-root" arm64)
debian11=(qemu-aarch64 -L "$root")
expect_equal "Debian 11's arm64 glibc" "$("${debian11[@]}" "$root/lib/aarch64-linux-gnu/libc.so.6" | head -n 1 | grep -o 'version [0-9.]*')" "version 2.31."
expect_equal "arm64 tarball's tfw version on glibc 2.31" "$(tfw_version "${debian11[@]}" "$tfw")" "$version"
cp -r "$source_dir/examples/refactor" "$scratch/refactor"
cd "$scratch/refactor"
terraform init -input=false >/dev/null
if plan=$("${debian11[@]}" "$tfw" plan -input=false -no-color 2>&1); then
  check_refactor_plan "(arm64, glibc 2.31)" "$plan"
else
  fail "tfw plan (arm64, glibc 2.31) failed:
$plan"
fi

# The Debian package, packed from the same tree: nothing is rebuilt.
cp "$tarball" "$scratch/first-$name.tar.gz"
if ! deb=$(TFW_RELEASE_DIR="$build_dir/arm64" "$source_dir/scripts/package" arm64 2>"$scratch/package.log"); then
  cat "$scratch/package.log" >&2
  fail "scripts/package arm64 failed (above)"
  finish
fi
cat "$scratch/package.log"  # lintian's warnings, if any, for the record
cmp -s "$scratch/first-$name.tar.gz" "$tarball" || fail "two packings of the arm64 tree differ"
check_package "$deb" arm64 qemu-aarch64
file "$scratch/root/usr/bin/tfw" | grep -q 'ARM aarch64' || fail "the arm64 package's tfw is not an arm64 program"
cmp -s "$scratch/root/usr/bin/tfw" "$tfw" || fail "the arm64 package's tfw is not the tarball's"
check_depends_satisfied "$deb" "$root"
finish
