# Shared by release_test.sh and arm64_test.sh, after common.sh.
# `check_package DEB ARCH [RUNNER...]` checks a package that scripts/package built for ARCH:
# its name, fields and Depends, and that its unpacked tfw (in $scratch/root) runs (through
# RUNNER, e.g. qemu-aarch64, when ARCH is not this machine's) and reports this tree's
# version; every installed file is there, and the copyright is DEP-5 Apache-2.0.
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
  # The release tarball's tfw: glibc 2.31 or newer and libgcc_s, nothing of Boost's,
  # yaml-cpp's or libstdc++'s (linked in).
  expect_equal "Depends" "$depends" "libc6 (>= 2.31), libgcc-s1"
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

# `check_depends_satisfied DEB ROOT`: every package DEB depends on is installed in the
# Debian root ROOT (its dpkg database, or the archives of a root debootstrap --foreign
# made), in a version the dependency accepts: the package installs there. Each dependency
# is "name" or "name (OP version)", with no alternatives.
check_depends_satisfied() {
  local deb=$1 root=$2 dependency name relation wanted installed archive
  while IFS= read -r dependency; do
    [ -n "$dependency" ] || continue
    name=${dependency%% *}
    installed=$(dpkg-query --admindir="$root/var/lib/dpkg" -W -f='${Status} ${Version}' "$name" 2>/dev/null) || true
    archive=$(compgen -G "$root/var/cache/apt/archives/${name}_*.deb" | head -n 1) || true
    if [[ $installed == "install ok installed "* ]]; then
      installed=${installed#install ok installed }
    elif [ -n "$archive" ]; then
      # A root that debootstrap --foreign made (scripts/glibc-root arm64) is not installed;
      # its archives are what its second stage would install.
      installed=$(dpkg-deb -f "$archive" Version)
    else
      fail "$root has no $name, which the package depends on"
      continue
    fi
    if [[ $dependency =~ \(([<>=]+)\ ([^\)]+)\) ]]; then
      relation=${BASH_REMATCH[1]} wanted=${BASH_REMATCH[2]}
      case $relation in '>=') relation=ge ;; '<=') relation=le ;; '>>') relation=gt ;; '<<') relation=lt ;; '=') relation=eq ;; esac
      dpkg --compare-versions "$installed" "$relation" "$wanted" ||
        fail "$root's $name is $installed, the package needs $dependency"
    fi
    echo "depends on $dependency: $name $installed"
  done < <(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/^ *//; s/ *$//')
}
