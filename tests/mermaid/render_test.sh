# The Markdown report's Mermaid picture parses and renders: tfw plans a refactor with a
# module renamed, 200 for_each instances whose keys hold quotes, spaces, #, ;, backticks
# and <>, and the Mermaid CLI (scripts/install-deps --mermaid, driving Debian's chromium)
# renders the report's diagram to a PNG and an SVG. The picture shows the cap's note.
# Run by ctest as bash tests/mermaid/render_test.sh SOURCE_DIR BUILD_DIR TFW_BINARY.
source "$(dirname "$0")/../install/common.sh"

mmdc="$("$source_dir/scripts/mermaid-cli-dir")/node_modules/.bin/mmdc"
if [ ! -x "$mmdc" ] || [ ! -x /usr/bin/chromium ]; then
  fail "no Mermaid CLI at $mmdc or no /usr/bin/chromium: run scripts/install-deps --mermaid"
  finish
fi

root="$scratch/root"
mkdir -p "$root/mod"
printf 'resource "terraform_data" "a" { input = "in the module: a" }\nresource "terraform_data" "b" { input = "in the module: b" }\n' \
  >"$root/mod/main.tf"
# $1: the module call's name; $2: the for_each key's prefix (an HCL string's text).
configure() {
  cat >"$root/main.tf" <<HCL
module "$1" { source = "./mod" }
resource "terraform_data" "item" {
  for_each = { for i in range(200) : "$2\${i}" => "value \${i}" }
  input    = each.value
}
HCL
}
run() {
  (cd "$root" && "$@") >>"$scratch/log" 2>&1 || { cat "$scratch/log" >&2; fail "$* failed in $root"; finish; }
}

configure old 'old \"key\" '
run terraform init -input=false
run terraform apply -input=false -auto-approve
configure new 'new \"key\" #;`<b>&x '
run terraform init -input=false
run "$tfw_binary" plan -input=false -out=tfplan --report="$scratch/report.md" --report-format=markdown

report="$scratch/report.md"
expect_equal "report title" "$(head -1 "$report")" "### tfw: 202 moves inferred"
sed -n '/^```mermaid$/,/^```$/p' "$report" | sed '1d;$d' >"$scratch/moves.mmd"
[ -s "$scratch/moves.mmd" ] || fail "the report has no mermaid block"
grep -q '^    n1\["module.old"\] --> n2\["module.new"\]$' "$scratch/moves.mmd" || fail "the module move is not one edge"
grep -q '"… and 171 more moves"' "$scratch/moves.mmd" || fail "no cap note for the 171 moves past 30 edges"
grep -q '^| `terraform_data.item\[' "$report" || fail "the table of moves is not beside the picture"

[ -z "${TFW_KEEP_RENDER:-}" ] || cp "$scratch/report.md" "$scratch/moves.mmd" "$TFW_KEEP_RENDER/"
for format in png svg; do
  out="$scratch/moves.$format"
  if ! "$mmdc" --quiet -p "$source_dir/tests/mermaid/puppeteer.json" -i "$scratch/moves.mmd" -o "$out" \
    >"$scratch/mmdc.log" 2>&1; then
    cat "$scratch/mmdc.log" >&2
    fail "mmdc could not render the diagram as $format"
  fi
  [ -s "$out" ] || fail "mmdc wrote no $format"
done
[ "$(head -c 8 "$scratch/moves.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "moves.png is not a PNG"
# The SVG holds the labels as text: the cap's note, and a key's characters decoded.
grep -q 'and 171 more moves' "$scratch/moves.svg" || fail "the rendered SVG lacks the cap note"
grep -qF 'terraform_data.item["new \"key\" #;`&lt;b&gt;&amp;x 0"]' "$scratch/moves.svg" || fail "the rendered SVG lacks a decoded key"
[ -z "${TFW_KEEP_RENDER:-}" ] || cp "$scratch/moves.png" "$scratch/moves.svg" "$TFW_KEEP_RENDER/"

finish
