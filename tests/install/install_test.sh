# `cmake --install` with --prefix and with DESTDIR puts exactly these files in place,
# the installed tfw runs, and the installed man page renders without a warning.
source "$(dirname "$0")/common.sh"

expected_files=(
  bin/tfw
  share/bash-completion/completions/tfw
  share/doc/tfw/copyright
  share/doc/tfw/examples/ci/README.md
  share/doc/tfw/examples/ci/atlantis-repos.yaml
  share/doc/tfw/examples/ci/github-actions.yml
  share/doc/tfw/examples/ci/terragrunt/terragrunt.hcl
  share/doc/tfw/examples/refactor/main.tf
  share/doc/tfw/examples/refactor/modules/storage/main.tf
  share/doc/tfw/examples/refactor/terraform.tfstate
  share/doc/tfw/policy.yaml
  share/fish/vendor_completions.d/tfw.fish
  share/man/man1/tfw.1
  share/zsh/vendor-completions/_tfw
)
# Installed file -> its source, for the files installed as they are.
declare -A sources=(
  [share/bash-completion/completions/tfw]=config/completion/tfw.bash
  [share/fish/vendor_completions.d/tfw.fish]=config/completion/tfw.fish
  [share/man/man1/tfw.1]=man/tfw.1
  [share/zsh/vendor-completions/_tfw]=config/completion/_tfw
  [share/doc/tfw/policy.yaml]=config/policy.yaml
  [share/doc/tfw/examples/refactor/main.tf]=examples/refactor/main.tf
  [share/doc/tfw/examples/ci/github-actions.yml]=examples/ci/github-actions.yml
)

# `check_tree ROOT HOW`: ROOT holds exactly the expected files, the right ones.
check_tree() {
  local root=$1 how=$2 path
  expect_equal "$how: installed files" "$(cd "$root" && find . -type f -o -type l | sed 's|^\./||' | sort)" \
    "$(printf '%s\n' "${expected_files[@]}")"
  for path in "${!sources[@]}"; do
    cmp -s "$root/$path" "$source_dir/${sources[$path]}" || fail "$how: $path is not ${sources[$path]}"
  done
  [ -x "$root/bin/tfw" ] || fail "$how: bin/tfw is not executable"
}

version=$(tfw_version "$tfw_binary")
[ -n "$version" ] || fail "the built tfw reports no version"

cmake --install "$build_dir" --prefix "$scratch/prefix" >"$scratch/install.log"
check_tree "$scratch/prefix" "--prefix"
expect_equal "installed tfw version" "$(tfw_version "$scratch/prefix/bin/tfw")" "$version"

DESTDIR="$scratch/stage" cmake --install "$build_dir" --prefix /opt/tfw >"$scratch/install-destdir.log"
[ -d "$scratch/stage/opt/tfw" ] || fail "DESTDIR: nothing under DESTDIR/opt/tfw"
check_tree "$scratch/stage/opt/tfw" "DESTDIR"

page="$scratch/prefix/share/man/man1/tfw.1"
groff_warnings=$(groff -ww -man -Tutf8 -z "$page" 2>&1)
expect_equal "groff -ww warnings for the installed man page" "$groff_warnings" ""
MANWIDTH=80 man --warnings=w -l "$page" >"$scratch/man.txt" 2>"$scratch/man.err" || fail "man -l failed: $(cat "$scratch/man.err")"
expect_equal "man -l warnings" "$(cat "$scratch/man.err")" ""
grep -q "^NAME" "$scratch/man.txt" || fail "man -l rendered no NAME section"

finish
