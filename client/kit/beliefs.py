"""Placeholder."""
from typing import Any

import pygame


def draw(surface: pygame.Surface, session: Any, size: int) -> None:
    pass
