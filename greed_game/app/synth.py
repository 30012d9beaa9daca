"""The game's sound effects, synthesized from noise and sine waves.

The WAV files in ``assets/sounds`` are the output of this module; run
``python -m greed_game.app.synth assets/sounds`` to make them again. The game
itself only reads the files (nothing is synthesized at start-up).
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
"""Samples a second of every generated sound (mono, 16 bit)."""

Samples = list[float]


def _silence(seconds: float) -> Samples:
    return [0.0] * int(seconds * RATE)


def _mix(into: Samples, sound: Samples, at: float, gain: float = 1.0) -> None:
    start = int(at * RATE)
    need = start + len(sound) - len(into)
    if need > 0:
        into.extend([0.0] * need)
    for i, v in enumerate(sound):
        into[start + i] += v * gain


def _resonate(source: Samples, freq: float, q_decay: float) -> Samples:
    """A two-pole resonator: rings at ``freq`` and dies away in about ``q_decay`` seconds."""
    r = math.exp(-1.0 / (q_decay * RATE))
    c = 2 * r * math.cos(2 * math.pi * freq / RATE)
    r2 = r * r
    y1 = y2 = 0.0
    out: Samples = []
    for x in source:
        y = x + c * y1 - r2 * y2
        out.append(y)
        y2, y1 = y1, y
    return out


def _normalize(samples: Samples, peak: float) -> Samples:
    top = max((abs(v) for v in samples), default=0.0)
    if top == 0:
        return samples
    return [v * peak / top for v in samples]


def _fade(samples: Samples, seconds: float = 0.01) -> Samples:
    n = min(len(samples), int(seconds * RATE))
    for i in range(n):
        samples[-1 - i] *= i / n
    return samples


def _click(rng: random.Random, freqs: tuple[float, ...], ring: float, length: float = 0.12) -> Samples:
    """A short knock: a burst of noise exciting a few resonant modes."""
    burst = [rng.uniform(-1, 1) * math.exp(-i / (0.0015 * RATE)) for i in range(int(0.004 * RATE))]
    burst += _silence(length)
    out = _silence(len(burst) / RATE)
    for k, f in enumerate(freqs):
        mode = _resonate(burst, f * rng.uniform(0.97, 1.03), ring / (1 + 0.4 * k))
        for i, v in enumerate(mode):
            out[i] += v / (1 + k)
    return _normalize(out, 1.0)


def _tone(freq: float, seconds: float, decay: float, partials: tuple[tuple[float, float], ...]) -> Samples:
    out: Samples = []
    for i in range(int(seconds * RATE)):
        t = i / RATE
        env = math.exp(-t / decay) * min(1.0, t / 0.003)
        out.append(env * sum(a * math.sin(2 * math.pi * freq * m * t) for m, a in partials))
    return out


def hit(rng: random.Random) -> Samples:
    """Die against die: a hard, bright clack."""
    return _fade(_normalize(_click(rng, (3300.0, 5100.0, 7400.0), 0.012), 0.9))


def thud(rng: random.Random) -> Samples:
    """Die against the wooden rail: a duller knock with some body."""
    knock = _click(rng, (820.0, 1650.0, 2900.0), 0.02, 0.16)
    body = _tone(150.0, 0.12, 0.03, ((1.0, 1.0),))
    _mix(knock, body, 0.0, 0.6)
    return _fade(_normalize(knock, 0.9))


def throw(rng: random.Random) -> Samples:
    """Dice rattling out of a hand onto the felt."""
    out = _silence(0.7)
    t = 0.0
    while t < 0.42:
        sound = _click(rng, (rng.uniform(2600, 4200), rng.uniform(4800, 6800)), 0.01, 0.06)
        _mix(out, sound, t, rng.uniform(0.25, 0.8))
        t += rng.uniform(0.012, 0.045)
    landing = thud(rng)
    _mix(out, landing, 0.46, 0.5)
    return _fade(_normalize(out, 0.85), 0.05)


def keep(rng: random.Random) -> Samples:
    """Dice set aside in the tray: two soft wooden taps."""
    out = _silence(0.2)
    _mix(out, _click(rng, (1400.0, 2600.0), 0.015), 0.0, 1.0)
    _mix(out, _click(rng, (1500.0, 2800.0), 0.015), 0.06, 0.7)
    return _fade(_normalize(out, 0.7))


def bank(rng: random.Random) -> Samples:
    """Points banked: a bright two-note chime with a metallic shimmer."""
    out = _silence(0.9)
    partials = ((1.0, 1.0), (2.0, 0.35), (2.76, 0.2), (5.4, 0.08))
    _mix(out, _tone(1318.5, 0.7, 0.18, partials), 0.0, 0.9)
    _mix(out, _tone(1975.5, 0.8, 0.22, partials), 0.09, 1.0)
    return _fade(_normalize(out, 0.75), 0.1)


def bust(rng: random.Random) -> Samples:
    """A turn lost: a falling, muted horn."""
    seconds = 0.75
    out: Samples = []
    phase = 0.0
    for i in range(int(seconds * RATE)):
        t = i / RATE
        freq = 230.0 * (0.5 ** (t / 0.6)) * (1 + 0.015 * math.sin(2 * math.pi * 6 * t))
        phase += 2 * math.pi * freq / RATE
        env = min(1.0, t / 0.02) * math.exp(-t / 0.35)
        out.append(env * (math.sin(phase) + 0.5 * math.sin(2 * phase) + 0.25 * math.sin(3 * phase)))
    _mix(out, thud(rng), 0.0, 0.5)
    return _fade(_normalize(out, 0.8), 0.1)


def hot(rng: random.Random) -> Samples:
    """Hot dice: a quick rising arpeggio."""
    out = _silence(0.6)
    for k, f in enumerate((1046.5, 1318.5, 1568.0, 2093.0)):
        _mix(out, _tone(f, 0.3, 0.08, ((1.0, 1.0), (2.0, 0.25))), 0.06 * k, 0.8)
    return _fade(_normalize(out, 0.7), 0.05)


def void(rng: random.Random) -> Samples:
    """A void throw: a short whoosh."""
    seconds = 0.45
    noise = [rng.uniform(-1, 1) for _ in range(int(seconds * RATE))]
    out: Samples = []
    y1 = y2 = 0.0
    for i, x in enumerate(noise):
        t = i / RATE
        freq = 500 + 2400 * (t / seconds)
        r = 0.985
        c = 2 * r * math.cos(2 * math.pi * freq / RATE)
        y = x + c * y1 - r * r * y2
        y2, y1 = y1, y
        out.append(y * math.sin(math.pi * t / seconds))
    return _fade(_normalize(out, 0.55))


def ui(rng: random.Random) -> Samples:
    """A button press: a tiny tick."""
    return _fade(_normalize(_click(rng, (2400.0,), 0.006, 0.04), 0.35))


SOUNDS: dict[str, Callable[[random.Random], Samples]] = {
    "hit": hit,
    "thud": thud,
    "throw": throw,
    "keep": keep,
    "bank": bank,
    "bust": bust,
    "hot": hot,
    "void": void,
    "ui": ui,
}


def write_wav(path: Path, samples: Samples) -> None:
    """Write mono 16-bit samples in -1..1 to a WAV file."""
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, int(v * 32767)))) for v in samples)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


def main(argv: list[str] | None = None) -> int:
    """Write every sound as ``NAME.wav`` into the folder given."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        sys.stderr.write("usage: python -m greed_game.app.synth FOLDER\n")
        return 2
    folder = Path(args[0])
    folder.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        write_wav(folder / f"{name}.wav", make(random.Random(name)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
