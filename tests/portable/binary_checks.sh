# Shared by release_test.sh and arm64_test.sh, after common.sh.
# `check_release_binary TFW BUILD_PATH...`: a release tarball's tfw links dynamically only
# glibc's libraries (and GCC's libgcc_s, which every glibc system has), needs no glibc
# symbol version above Debian 11's 2.31, for any architecture (readelf reads them all),
# and holds none of the build paths.
check_release_binary() {
  local tfw=$1 needed library newest path
  shift
  needed=$(readelf -d "$tfw" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort | tr '\n' ' ')
  echo "NEEDED: $needed"
  for library in $needed; do
    case $library in
      libc.so.6 | libm.so.6 | libpthread.so.0 | libdl.so.2 | librt.so.1 | ld-linux-*.so.* | libgcc_s.so.1) ;;
      *) fail "$tfw links $library, which is not glibc's" ;;
    esac
  done
  newest=$(readelf -V "$tfw" | grep -o 'GLIBC_[0-9.]*' | sort -V | tail -n 1)
  echo "newest glibc symbol version: $newest"
  [ "$(printf '%s\n' "$newest" GLIBC_2.31 | sort -V | tail -n 1)" = GLIBC_2.31 ] ||
    fail "$tfw needs $newest, above Debian 11's glibc 2.31"
  for path in "$@"; do
    if grep -qaF "$path" "$tfw"; then fail "$tfw holds the build path $path"; fi
  done
}

# `check_refactor_plan WHERE PLAN_OUTPUT`: what `tfw plan -no-color` prints on the bundled
# examples/refactor (a terraform_data configuration with its state and a refactor): four
# objects moved, the new for_each key created, nothing destroyed.
check_refactor_plan() {
  grep -q 'Plan: 1 to add, 0 to change, 0 to destroy' <<<"$2" || fail "tfw plan $1 does not plan 1 to add, 0 to destroy:
$2"
  expect_equal "objects moved $1" "$(grep -c 'has moved to' <<<"$2")" 4
}
