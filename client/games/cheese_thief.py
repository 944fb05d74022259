"""Cheese Thief in the window. Its words are the table words every screen shares
(``client.strings``): it was the first game, and the shared table grew from its."""

from client.games.about import ClientAbout

ABOUT = ClientAbout(
    id="cheese_thief",
    table="client.scenes.cheese_thief.scene:CheeseThiefScene",
    rules="client.scenes.cheese_thief.rules_text:RULES",
    lesson="client.learn.cheese_thief:LESSON",
)
