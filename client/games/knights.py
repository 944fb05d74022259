"""Seven Knights Bewitched in the window."""

from client.games.about import ClientAbout

ABOUT = ClientAbout(
    id="knights",
    table="client.scenes.knights.scene:KnightsScene",
    rules="client.scenes.knights.rules_ref:RULES",
    words="client.scenes.knights.words:STRINGS",
    lesson="client.learn.knights:LESSON",
)
