"""Choose! in the window."""

from client.games.about import ClientAbout

ABOUT = ClientAbout(
    id="choose",
    table="client.scenes.choose.scene:ChooseScene",
    rules="client.scenes.choose.rules_text:RULES",
    words="client.scenes.choose.words:WORDS",
    lesson="client.learn.choose:LESSON",
)
