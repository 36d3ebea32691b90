"""Command-line entry points: ``rotation61 score``, ``rotation61 conformance``."""
