#!/usr/bin/env sh
# Install the downloaded game for the current user, so that the applications
# menu (or a double-click in the file manager) starts it, with its icon.
# Usage, in the extracted greed-game folder or from anywhere:
#   sh greed-game/install-linux.sh [path/to/greed-game]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
binary=${1:-$here/greed-game}
if [ ! -f "$binary" ]; then
    echo "install-linux.sh: the game file was not found: $binary" >&2
    exit 2
fi
bin_dir="${XDG_BIN_HOME:-$HOME/.local/bin}"
data_dir="${XDG_DATA_HOME:-$HOME/.local/share}"
mkdir -p "$bin_dir" "$data_dir/applications" "$data_dir/icons/hicolor/256x256/apps"
install -m 755 "$binary" "$bin_dir/greed-game"
install -m 644 "$here/greed-game.png" "$data_dir/icons/hicolor/256x256/apps/greed-game.png"
sed "s|^Exec=.*|Exec=$bin_dir/greed-game|" "$here/greed-game.desktop" > "$data_dir/applications/greed-game.desktop"
chmod 644 "$data_dir/applications/greed-game.desktop"
echo "Greed is installed: find it in your applications menu, or run $bin_dir/greed-game"
