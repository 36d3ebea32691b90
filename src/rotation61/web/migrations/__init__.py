"""Alembic migrations of the web app (shipped inside the package)."""
