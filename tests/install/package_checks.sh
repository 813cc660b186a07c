# Shared by package_test.sh and tests/portable/arm64_package_test.sh, after common.sh:
# `check_package DEB ARCH [RUNNER...]` checks a package that scripts/package built for ARCH:
# its name, fields and computed Depends, and that its unpacked tfw runs (through RUNNER,
# e.g. qemu-aarch64, when ARCH is not this machine's) and reports this tree's version;
# every installed file is there, and the copyright is DEP-5 Apache-2.0.
check_package() {
  local deb=$1 arch=$2
  shift 2
  local version depends copyright
  version=$(tfw_version "$tfw_binary")
  expect_equal "package file" "$(basename "$deb")" "tfw_${version}_$arch.deb"
  expect_equal "Package" "$(dpkg-deb -f "$deb" Package)" tfw
  expect_equal "Version" "$(dpkg-deb -f "$deb" Version)" "$version"
  expect_equal "Architecture" "$(dpkg-deb -f "$deb" Architecture)" "$arch"
  depends=$(dpkg-deb -f "$deb" Depends)
  echo "Depends: $depends"
  # dpkg-shlibdeps' names for what bin/tfw links: computed, so each comes with a version.
  for library in libc6 libstdc++6 libboost-program-options1.81.0 libboost-filesystem1.81.0 libyaml-cpp0.7; do
    [[ ", $depends" == *", $library ("* ]] || fail "Depends lacks $library: $depends"
  done
  [ -n "$(dpkg-deb -f "$deb" Description | sed -n 2p)" ] || fail "the package has no long description"
  [ -n "$(dpkg-deb -f "$deb" Section)" ] || fail "the package has no Section"
  [ -n "$(dpkg-deb -f "$deb" Maintainer)" ] || fail "the package has no Maintainer"

  rm -rf "$scratch/root"
  dpkg-deb -x "$deb" "$scratch/root"
  expect_equal "unpacked tfw version" "$(tfw_version "$@" "$scratch/root/usr/bin/tfw")" "$version"
  local path
  for path in usr/share/man/man1/tfw.1.gz usr/share/doc/tfw/copyright usr/share/doc/tfw/changelog.gz \
    usr/share/bash-completion/completions/tfw usr/share/zsh/vendor-completions/_tfw \
    usr/share/fish/vendor_completions.d/tfw.fish usr/share/doc/tfw/policy.yaml; do
    [ -f "$scratch/root/$path" ] || fail "the package lacks $path"
  done
  # DEP-5: every file under Apache-2.0, whose text Debian keeps in common-licenses.
  copyright="$scratch/root/usr/share/doc/tfw/copyright"
  expect_equal "copyright License fields" "$(grep '^License:' "$copyright" | sort -u)" "License: Apache-2.0"
  grep -q '/usr/share/common-licenses/Apache-2.0' "$copyright" || fail "copyright does not point at common-licenses/Apache-2.0"
}
