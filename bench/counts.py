"""Argument types the measuring scripts share: a count that must be 1 or more, a time of
day, a window size. A count of 0 divided by zero, took the median of nothing or went
round for ever, a size of 0x0 measured a window of no pixels, and each said so in a
traceback; argparse now says it in one line (exit 2) before anything runs."""

from __future__ import annotations

import argparse


def positive(text: str) -> int:
    """A whole number from 1 up."""
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a whole number from 1 up, not {text!r}")
    return int(text)


def clock(text: str) -> tuple[int, int]:
    """HH:MM, a time of day."""
    hour, sep, minute = text.partition(":")
    if (not sep or not (hour.isascii() and hour.isdigit() and minute.isascii()
                        and minute.isdigit()) or int(hour) > 23 or int(minute) > 59):
        raise argparse.ArgumentTypeError(f"a time of day HH:MM, not {text!r}")
    return int(hour), int(minute)


def window(text: str) -> str:
    """WIDTHxHEIGHT, a window the program's ``--size`` opens (320x240 to 7680x4320)."""
    w, sep, h = text.partition("x")
    if not (sep and w.isascii() and w.isdigit() and h.isascii() and h.isdigit()
            and 320 <= int(w) <= 7680 and 240 <= int(h) <= 4320):
        raise argparse.ArgumentTypeError(f"a window from 320x240 to 7680x4320, not {text!r}")
    return text
