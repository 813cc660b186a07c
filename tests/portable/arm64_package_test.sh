# `scripts/package arm64` cross-builds the arm64 Debian package with the same packaging as
# the amd64 one (package_test.sh): lintian finds no error in it, and it passes the same
# checks, its unpacked tfw run under qemu-aarch64.
source "$(dirname "$0")/../install/common.sh"
source "$(dirname "$0")/../install/package_checks.sh"

if ! deb=$(TFW_PACKAGE_DIR="$scratch/build" "$source_dir/scripts/package" arm64 -DTFW_WERROR=ON 2>"$scratch/package.log"); then
  cat "$scratch/package.log" >&2
  fail "scripts/package arm64 failed (a build error or a lintian error, above)"
  finish
fi
cat "$scratch/package.log"  # lintian's warnings, if any, for the record
dpkg-deb --info "$deb" >/dev/null || fail "dpkg-deb cannot read $deb"
check_package "$deb" arm64 qemu-aarch64
file "$scratch/root/usr/bin/tfw" | grep -q 'ARM aarch64' || fail "the arm64 package's tfw is not an arm64 program"
finish
