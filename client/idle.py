"""Sleeping until input comes, for a window that has nothing to do until then.

``pygame.event.wait`` wakes a thousand times a second to poll, and polling every few
tens of milliseconds still costs an idle window a third of a per cent of a core in
wake-ups alone. On X11 the input arrives on the display's connection, so the sleep is
a ``select`` on that socket: a key, a click or a mouse move ends it at once, and
otherwise the window wakes only every ``SLOW_POLL`` seconds, for events that come by
another way (a timer's, another thread's). Elsewhere it looks every ``INPUT_POLL``.
"""

from __future__ import annotations

import select
import time
from functools import lru_cache
from typing import Any

import pygame

INPUT_POLL = 0.04
"""Without a display connection to wait on: how often the sleep looks for input."""
SLOW_POLL = 0.25
"""With one: how often it looks anyway, for events that do not come through it."""


def wait_for_input(seconds: float, socket: int | None = None) -> None:
    """Sleep up to ``seconds``, or until an event waits (it is looked at, not taken);
    on the display connection ``socket`` (``display_socket``) when there is one."""
    end = time.monotonic() + seconds
    while not pygame.event.peek():
        left = end - time.monotonic()
        if left <= 0:
            return
        if socket is None:
            time.sleep(min(INPUT_POLL, left))
        elif select.select([socket], [], [], min(SLOW_POLL, left))[0] and \
                not pygame.event.peek():
            # the socket had something that was no event (a reply, half an event):
            # look at the polling pace until it is quiet, never spin
            time.sleep(min(INPUT_POLL, max(0.0, end - time.monotonic())))


def display_socket() -> int | None:
    """The X11 display connection's file descriptor; None on any other video driver,
    or when it cannot be had (then the sleep polls). Asked once per window: it stays
    the same while the window is open."""
    try:
        if pygame.display.get_driver() != "x11":
            return None
        capsule = pygame.display.get_wm_info().get("display")
        if capsule is None:
            return None
        pointer, connection = _xlib()
        return int(connection(pointer(capsule, b"display")))
    except Exception:  # noqa: BLE001 - no Xlib to ask: poll instead
        return None


@lru_cache(maxsize=1)
def _xlib() -> tuple[Any, Any]:
    """``PyCapsule_GetPointer`` and Xlib's ``XConnectionNumber`` (SDL loaded Xlib
    already; ctypes is imported only here, after the first frame)."""
    import ctypes

    pointer = ctypes.pythonapi.PyCapsule_GetPointer
    pointer.restype = ctypes.c_void_p
    pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
    connection = ctypes.CDLL("libX11.so.6").XConnectionNumber
    connection.restype = ctypes.c_int
    connection.argtypes = [ctypes.c_void_p]
    return pointer, connection
