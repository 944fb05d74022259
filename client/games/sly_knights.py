"""Sly Knight Robbery in the window."""

from client.games.about import ClientAbout

ABOUT = ClientAbout(
    id="sly_knights",
    table="client.scenes.sly_knights.scene:SlyKnightsScene",
    rules="client.scenes.sly_knights.rules_text:RULES",
    words="client.scenes.sly_knights.words:WORDS",
    lesson="client.learn.sly_knights:LESSON",
)
