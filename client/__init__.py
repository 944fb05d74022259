"""The desktop program: command line, menus, tables, art and sound.

Importing this package loads no graphics; only the scenes and the window do, so the
headless commands (sim, host, bot) start fast and run without a display.
"""
