# The amd64 release, as a user on another Linux gets it: the tarball and the Debian
# package of scripts/package, both from one Release build (g++, -O3 -DNDEBUG, configured
# here with warnings as errors: it is also build_types_test.sh's "g++ Release" check, and
# its log must hold no warning at all, the linker's included):
#  - packed twice, the same bytes (SOURCE_DATE_EPOCH, sorted members, no build path);
#    with TFW_RELEASE_BUILDS=2, built a second time in a directory of another name and
#    packed there, the same bytes too (the compiler's determinism: a release's check, two
#    and a half minutes of the suite's CPU);
#  - the tarball's members: tfw, the man page, the completions, LICENSE and a README;
#  - its tfw needs glibc (and GCC's libgcc_s, on every glibc system) and nothing else, no
#    glibc symbol version above 2.31, and holds no build path;
#  - the package passes package_checks.sh (its fields, Depends of libc6 (>= 2.31) and
#    libgcc-s1 alone, every file), lintian finds no error, its tfw is the tarball's, byte
#    for byte, and Debian 11's own packages satisfy its Depends;
#  - unpacked in a Debian 11 root (scripts/glibc-root: debootstrap, glibc 2.31, no package
#    of ours in it), `ldd` finds only those, `tfw version` runs, and `tfw plan` on the
#    bundled terraform_data refactor moves four objects and destroys nothing.
source "$(dirname "$0")/../install/common.sh"
source "$(dirname "$0")/binary_checks.sh"
source "$(dirname "$0")/package_checks.sh"
cd "$source_dir"

export SOURCE_DATE_EPOCH=$(git log -1 --format=%ct 2>/dev/null || date +%s)
if ! deb=$(CXX=g++ TFW_RELEASE_DIR="$scratch/release-one" scripts/package amd64 -DTFW_WERROR=ON 2>"$scratch/package.log"); then
  cat "$scratch/package.log" >&2
  fail "scripts/package failed (a build error or a lintian error, above)"
  finish
fi
cat "$scratch/package.log"  # lintian's warnings, if any, for the record
# lintian writes "W: ...", a compiler or linker "warning:".
if grep -q 'warning:' "$scratch/package.log"; then fail "the Release build (g++) has warnings"; fi
version=$(tfw_version "$tfw_binary")
name=tfw-$version-linux-amd64
first="$scratch/first-$name.tar.gz"
cp "$scratch/release-one/$name.tar.gz" "$first"
# Packed again a second later, from the same tree: nothing is rebuilt.
sleep 1
again=$(TFW_RELEASE_DIR="$scratch/release-one" scripts/release amd64)
cmp -s "$first" "$again" || fail "two packings of one tree differ: $first and $again"
if [ "${TFW_RELEASE_BUILDS:-1}" = 2 ]; then
  second=$(CXX=g++ TFW_RELEASE_DIR="$scratch/second-release-tree" scripts/release amd64 -DTFW_WERROR=ON)
  cmp -s "$first" "$second" || fail "two builds of one commit differ: $first and $second"
  echo "built twice, in two directories: the same bytes"
fi
echo "tarball: $name.tar.gz, $(stat -c %s "$first") bytes"
members=$(tar -tzf "$first" | sort)
for member in bin/tfw share/man/man1/tfw.1 share/bash-completion/completions/tfw \
  share/zsh/vendor-completions/_tfw share/fish/vendor_completions.d/tfw.fish LICENSE README.md \
  share/doc/tfw/policy.yaml; do
  grep -qx "$name/$member" <<<"$members" || fail "the tarball lacks $name/$member"
done
expect_equal "member owners" "$(tar -tvzf "$first" | awk '{print $2}' | sort -u)" "0/0"

mkdir "$scratch/unpacked"
tar -xzf "$first" -C "$scratch/unpacked"
tfw="$scratch/unpacked/$name/bin/tfw"
check_release_binary "$tfw" "$source_dir" "$scratch"

check_package "$deb" amd64
cmp -s "$scratch/root/usr/bin/tfw" "$tfw" || fail "the package's tfw is not the tarball's"

# Debian 11, with a scratch directory of its own; terraform (a static Go program) copied in.
root=$(scripts/glibc-root amd64)
inside=$(mktemp -d "$root/tmp/tfw-release-test.XXXXXX")
trap 'rm -rf "$scratch" "$inside"' EXIT
in_root=/tmp/$(basename "$inside")
tar -xzf "$first" -C "$inside"
mkdir "$inside/bin"
cp "$(command -v terraform)" "$inside/bin/terraform"
cp -r examples/refactor "$inside/refactor"
: >"$inside/terraformrc"
# A mount namespace of its own, so that the /proc it mounts goes with it, whatever happens.
in_debian11() {
  unshare --mount --fork --pid --mount-proc="$root/proc" chroot "$root" /usr/bin/env -i \
    PATH="$in_root/$name/bin:$in_root/bin:/usr/bin:/bin" HOME="$in_root" \
    TF_CLI_CONFIG_FILE="$in_root/terraformrc" CHECKPOINT_DISABLE=1 /bin/sh -c "$1"
}
expect_equal "the root's Debian" "$(in_debian11 'cut -d. -f1 /etc/debian_version')" 11
expect_equal "the root's glibc" "$(in_debian11 'ldd --version | head -n 1 | grep -o "[0-9.]*$"')" 2.31
check_depends_satisfied "$deb" "$root"
ldd_out=$(in_debian11 "ldd $in_root/$name/bin/tfw")
echo "$ldd_out"
grep -q 'not found' <<<"$ldd_out" && fail "ldd in Debian 11 finds a library missing"
if grep -v -E 'linux-vdso|/lib/x86_64-linux-gnu/(libc|libm|libpthread|libdl|librt|libgcc_s)\.so|ld-linux-x86-64' <<<"$ldd_out" | grep -q .; then
  fail "ldd in Debian 11 shows a library that is not glibc's"
fi
expect_equal "tfw version in Debian 11" "$(in_debian11 'tfw version | head -n 1')" "tfw v$version"
if plan=$(in_debian11 "cd $in_root/refactor && terraform init -input=false >/dev/null && tfw plan -input=false -no-color" 2>&1); then
  check_refactor_plan "in Debian 11" "$plan"
else
  fail "tfw plan failed in Debian 11:
$plan"
fi
finish
