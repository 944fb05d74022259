"""The command line's own error type, importable without the parser."""


class CliError(Exception):
    """A bad argument, reported as one sentence and exit status 2."""
