"""Greed: the push-your-luck dice game (Farkle, Zilch, 10000) for one computer."""

__version__ = "0.1.0"
