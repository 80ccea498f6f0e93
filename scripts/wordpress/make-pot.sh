#!/usr/bin/env bash
# `npm run plugin:pot`: the plugin's translation files, from its PHP (GNU gettext's
# xgettext, msgmerge and msgfmt; Debian's `gettext` package):
#
#   wordpress/kestrel-headless/languages/kestrel-headless.pot        every string of the text domain
#   wordpress/kestrel-headless/languages/kestrel-headless-de_DE.po   German, merged with the .pot
#   wordpress/kestrel-headless/languages/kestrel-headless-de_DE.mo   compiled, what WordPress reads
#
# New or changed strings show up in the .po untranslated or fuzzy: translate them there and
# run this again. The .mo is committed, so the plugin folder works as it is copied.
#
#   bash scripts/wordpress/make-pot.sh --check   change nothing; fail when the .pot, the
#                                                .po or the .mo is out of date with the
#                                                source, or a German string is missing or
#                                                fuzzy (scripts/run.sh, php_lint)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

plugin=wordpress/kestrel-headless
domain=kestrel-headless
locales=(de_DE)
check=false
[ "${1:-}" = "--check" ] && check=true

for tool in xgettext msgmerge msgfmt msgattrib; do
  command -v "$tool" >/dev/null 2>&1 || { echo "make-pot: $tool is missing (Debian: apt-get install gettext)" >&2; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version=$(sed -n 's/^ \* Version: *//p' "$plugin/$domain.php")

# The text domain's keywords as WordPress defines them (wp-includes/l10n.php). A string of
# another domain (WordPress's own) goes through translate(), which is not among them.
(cd "$plugin" && find . -name '*.php' -not -path './languages/*' | LC_ALL=C sort | sed 's#^\./##' >"$work/files")
(cd "$plugin" && xgettext --language=PHP --from-code=UTF-8 --add-comments=translators: \
  --add-location=file --package-name="Kestrel Headless" --package-version="$version" \
  --keyword --keyword=__ --keyword=_e --keyword=_x:1,2c --keyword=_ex:1,2c \
  --keyword=_n:1,2 --keyword=_nx:1,2,4c --keyword=_n_noop:1,2 --keyword=_nx_noop:1,2,3c \
  --keyword=esc_html__ --keyword=esc_html_e --keyword=esc_html_x:1,2c \
  --keyword=esc_attr__ --keyword=esc_attr_e --keyword=esc_attr_x:1,2c \
  --files-from="$work/files" --output="$work/$domain.pot")
# Our own first lines, and no date in the header: the .pot changes only when a string does.
{
  echo "# The Kestrel Headless plugin's strings (scripts/wordpress/make-pot.sh writes this file)."
  echo "# This file is distributed under the same license as the plugin, GPL-2.0-or-later."
  tail -n +5 "$work/$domain.pot" | sed -e '/^"POT-Creation-Date: /d' -e 's/charset=CHARSET/charset=UTF-8/' \
    -e 's/^"Language-Team: LANGUAGE <LL@li.org>\\n"$/"Language-Team: \\n"/'
} >"$work/header.pot"
mv "$work/header.pot" "$work/$domain.pot"

status=0
compare() {
  if ! cmp -s "$1" "$2"; then
    echo "make-pot: $2 is out of date; run npm run plugin:pot" >&2
    diff -u "$2" "$1" | head -40 >&2 || true
    status=1
  fi
}

if $check; then
  compare "$work/$domain.pot" "$plugin/languages/$domain.pot"
else
  mkdir -p "$plugin/languages"
  cp "$work/$domain.pot" "$plugin/languages/$domain.pot"
fi

for locale in "${locales[@]}"; do
  po="$plugin/languages/$domain-$locale.po"
  mo="$plugin/languages/$domain-$locale.mo"
  cp "$po" "$work/$locale.po"
  msgmerge --quiet --update --backup=none --add-location=file "$work/$locale.po" "$work/$domain.pot"
  # Strings gone from the source leave the .po too (no `#~` entries).
  msgattrib --no-obsolete --output-file="$work/$locale.po" "$work/$locale.po"
  msgfmt --check --output-file="$work/$locale.mo" "$work/$locale.po"
  if $check; then
    compare "$work/$locale.po" "$po"
    compare "$work/$locale.mo" "$mo"
  else
    cp "$work/$locale.po" "$po"
    cp "$work/$locale.mo" "$mo"
  fi
  missing=$(msgattrib --untranslated --no-obsolete "$work/$locale.po" | grep -c '^msgid ' || true)
  fuzzy=$(msgattrib --only-fuzzy --no-obsolete "$work/$locale.po" | grep -c '^msgid ' || true)
  # msgattrib's output starts with the header's empty msgid when there is anything to show.
  [ "$missing" -gt 0 ] && missing=$((missing - 1))
  [ "$fuzzy" -gt 0 ] && fuzzy=$((fuzzy - 1))
  if [ "$missing" -gt 0 ] || [ "$fuzzy" -gt 0 ]; then
    echo "make-pot: $po has $missing untranslated and $fuzzy fuzzy strings:" >&2
    { msgattrib --untranslated --no-obsolete "$work/$locale.po"; msgattrib --only-fuzzy --no-obsolete "$work/$locale.po"; } | grep '^msgid "[^"]' >&2 || true
    status=1
  fi
done

if [ "$status" -eq 0 ]; then
  count=$(grep -c '^msgid ' "$work/$domain.pot")
  if $check; then
    echo "make-pot: $plugin/languages is up to date ($((count - 1)) strings, ${locales[*]} complete)"
  else
    echo "make-pot: wrote $plugin/languages ($((count - 1)) strings; ${locales[*]})"
  fi
fi
exit "$status"
