"""The table's flow without a window: the turn, the computer players' preparation, coaching, odds and saving.

Nothing here imports pygame. The window (``greed_game.app``) sends this layer
commands and draws what it publishes; this layer asks the rules core and the
computer players below it, and never reaches up.
"""
