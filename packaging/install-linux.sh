#!/usr/bin/env sh
# Install the downloaded game for the current user, so that the applications
# menu (or a double-click in the file manager) starts it, with its icon.
# Usage, in the extracted greed-game folder or from anywhere:
#   sh greed-game/install-linux.sh [path/to/greed-game]
# The game (its executable and _internal/ folder) goes to ~/.local/lib/greed-game, linked from ~/.local/bin;
# saved games and settings live elsewhere (~/.local/share/greed-game) and are not touched. Quit the game before
# installing a newer one over it: a running game reads its own files as it goes.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
binary=${1:-$here/greed-game}
if [ ! -f "$binary" ] || [ ! -d "$(dirname "$binary")/_internal" ]; then
    echo "install-linux.sh: the game (greed-game beside its _internal folder) was not found: $binary" >&2
    exit 2
fi
source_dir=$(cd "$(dirname "$binary")" && pwd)
bin_dir="${XDG_BIN_HOME:-$HOME/.local/bin}"
data_dir="${XDG_DATA_HOME:-$HOME/.local/share}"
app_dir="$HOME/.local/lib/greed-game"
mkdir -p "$bin_dir" "$data_dir/applications" "$data_dir/icons/hicolor/256x256/apps" "$(dirname "$app_dir")"
# Copied beside the old install first, then swapped in: an interrupted copy leaves the old game working.
rm -rf "$app_dir.new"
mkdir "$app_dir.new"
cp -R "$source_dir/_internal" "$app_dir.new/_internal"
cp "$binary" "$app_dir.new/greed-game"
chmod 755 "$app_dir.new/greed-game"
rm -rf "$app_dir.old"
if [ -e "$app_dir" ]; then mv "$app_dir" "$app_dir.old"; fi
mv "$app_dir.new" "$app_dir"
rm -rf "$app_dir.old"
ln -sf "$app_dir/greed-game" "$bin_dir/greed-game"
install -m 644 "$here/greed-game.png" "$data_dir/icons/hicolor/256x256/apps/greed-game.png"
# The menu entry's command: quoted as the Desktop Entry spec wants when the path has spaces or such, then escaped
# for sed's replacement.
exec_line="$bin_dir/greed-game"
case "$exec_line" in
    *[!A-Za-z0-9_./+-]*) exec_line="\"$(printf '%s' "$exec_line" | sed 's/[\\"`$]/\\&/g')\"" ;;
esac
exec_line=$(printf '%s' "$exec_line" | sed 's/[\\&|]/\\&/g')
sed "s|^Exec=.*|Exec=$exec_line|" "$here/greed-game.desktop" > "$data_dir/applications/greed-game.desktop"
chmod 644 "$data_dir/applications/greed-game.desktop"
echo "Greed is installed: find it in your applications menu, or run $bin_dir/greed-game"
