"""Tools that measure the games the way research measures them: a tournament harness
with a rated ladder (``research.arena``) and PettingZoo environments (``research.env``).

It sits beside ``core`` and imports it, never the other way: the program runs without
it, and its third-party packages (``pip install cheeseknights[research]``) are needed
only here.
"""
