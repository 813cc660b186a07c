# Shared by the install tests (tests/install/*_test.sh), which ctest runs as
#   bash tests/install/NAME_test.sh SOURCE_DIR BUILD_DIR TFW_BINARY
# A scratch directory removed on exit, a CLI config of their own for terraform, and
# checks that report every failure before the script fails.
set -euo pipefail
source_dir=$(realpath "$1") build_dir=$(realpath "$2") tfw_binary=$(realpath "$3")
scratch=$(mktemp -d "${TMPDIR:-/tmp}/tfw-install-test.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
: >"$scratch/terraformrc"
export TF_CLI_CONFIG_FILE="$scratch/terraformrc" CHECKPOINT_DISABLE=1
unset TF_CLI_ARGS TFW_TERRAFORM_BIN

failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
# `expect_equal WHAT ACTUAL EXPECTED`
expect_equal() {
  [ "$2" = "$3" ] || fail "$1: got [$2], expected [$3]"
}
finish() {
  if [ "$failures" -gt 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
  fi
  echo "all checks passed"
}

# "tfw v0.1.0" -> "0.1.0": the version the built tfw reports. `tfw_version [RUNNER...] TFW`
# runs it through RUNNER (qemu-aarch64 for an arm64 tfw).
tfw_version() {
  "$@" version | sed -n '1s/^tfw v//p'
}
