"""One module per group of subcommands; each adds its parsers to the one entry point."""
