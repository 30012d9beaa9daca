#!/usr/bin/env sh
# Install the downloaded single-file game for the current user, so that a
# double-click in the file manager or the applications menu starts it.
# Usage: sh install-linux.sh path/to/greed-game
set -eu
binary=${1:-./greed-game}
here=$(cd "$(dirname "$0")" && pwd)
bin_dir="${XDG_BIN_HOME:-$HOME/.local/bin}"
data_dir="${XDG_DATA_HOME:-$HOME/.local/share}"
mkdir -p "$bin_dir" "$data_dir/applications" "$data_dir/icons/hicolor/256x256/apps"
install -m 755 "$binary" "$bin_dir/greed-game"
install -m 644 "$here/greed-game.png" "$data_dir/icons/hicolor/256x256/apps/greed-game.png"
sed "s|^Exec=.*|Exec=$bin_dir/greed-game|" "$here/greed-game.desktop" > "$data_dir/applications/greed-game.desktop"
chmod 644 "$data_dir/applications/greed-game.desktop"
echo "Greed is installed: find it in your applications menu, or run $bin_dir/greed-game"
