"""What every table shares, whatever its game: the tabletop, table talk, the log box,
the rules overlay and the score chart.

A game's scene package imports from here and never from another game's package, so a
table can change its own look without touching another.
"""
