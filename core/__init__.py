"""Pure rules for the four games: state, actions, events, views and bots.

Nothing here touches a clock, a socket, a file or a screen, so the same code serves a
test, a bot tournament, the LAN host and a replay identically.
"""
