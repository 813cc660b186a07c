# scripts/package builds tfw_<version>_<arch>.deb and lintian finds no error in it; the
# package has computed Depends and a description; unpacked with dpkg-deb -x, its tfw runs.
# Its Release build (g++, -O3 -DNDEBUG) is also build_types_test.sh's "g++ Release"
# check, so it is configured with warnings as errors here (a user's scripts/package
# leaves them warnings), and its log must hold no warning at all, the linker's included.
source "$(dirname "$0")/common.sh"

if ! deb=$(CXX=g++ TFW_PACKAGE_DIR="$scratch/build" "$source_dir/scripts/package" -DTFW_WERROR=ON 2>"$scratch/package.log"); then
  cat "$scratch/package.log" >&2
  fail "scripts/package failed (a build error or a lintian error, above)"
  finish
fi
cat "$scratch/package.log"  # lintian's warnings, if any, for the record
# lintian writes "W: ...", a compiler or linker "warning:".
if grep -q 'warning:' "$scratch/package.log"; then fail "the Release build (g++) has warnings"; fi

version=$(tfw_version "$tfw_binary")
expect_equal "package file" "$(basename "$deb")" "tfw_${version}_$(dpkg --print-architecture).deb"
expect_equal "Package" "$(dpkg-deb -f "$deb" Package)" tfw
expect_equal "Version" "$(dpkg-deb -f "$deb" Version)" "$version"
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
# dpkg-shlibdeps' names for what bin/tfw links: computed, so each comes with a version.
for library in libc6 libstdc++6 libboost-program-options1.81.0 libboost-filesystem1.81.0 libyaml-cpp0.7; do
  [[ ", $depends" == *", $library ("* ]] || fail "Depends lacks $library: $depends"
done
[ -n "$(dpkg-deb -f "$deb" Description | sed -n 2p)" ] || fail "the package has no long description"
[ -n "$(dpkg-deb -f "$deb" Section)" ] || fail "the package has no Section"
[ -n "$(dpkg-deb -f "$deb" Maintainer)" ] || fail "the package has no Maintainer"

dpkg-deb -x "$deb" "$scratch/root"
expect_equal "unpacked tfw version" "$(tfw_version "$scratch/root/usr/bin/tfw")" "$version"
for path in usr/share/man/man1/tfw.1.gz usr/share/doc/tfw/copyright usr/share/doc/tfw/changelog.gz \
  usr/share/bash-completion/completions/tfw usr/share/zsh/vendor-completions/_tfw \
  usr/share/fish/vendor_completions.d/tfw.fish usr/share/doc/tfw/policy.yaml; do
  [ -f "$scratch/root/$path" ] || fail "the package lacks $path"
done
# DEP-5: every file under Apache-2.0, whose text Debian keeps in common-licenses.
copyright="$scratch/root/usr/share/doc/tfw/copyright"
expect_equal "copyright License fields" "$(grep '^License:' "$copyright" | sort -u)" "License: Apache-2.0"
grep -q '/usr/share/common-licenses/Apache-2.0' "$copyright" || fail "copyright does not point at common-licenses/Apache-2.0"

finish
