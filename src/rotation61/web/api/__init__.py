"""The HTTP API and pages of the web app."""
