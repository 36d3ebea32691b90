"""The package version, in one place: packaging metadata and records both read it."""

__version__ = "0.1.0"
