"""The Cheese Thief table scene."""

from client.scenes.cheese_thief.scene import CheeseThiefScene

__all__ = ["CheeseThiefScene"]
