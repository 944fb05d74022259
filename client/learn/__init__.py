"""Guided first games (``cheeseknights learn``): a lesson is a fixed deal on the real
rules engine, against bots, and a list of steps. Each step points at one part of the
table, says one thing, and waits for the person to do it.

``lesson`` declares what a lesson is (pure data, no pygame), ``tutor`` follows one
through a game, ``coach`` draws it over a table scene, ``start`` opens one. Each game's
lesson lives in its own module here, declared by module path in ``client/games``.
"""
