"""The web server: FastAPI app, storage, live games, bots on an executor (see docs/web.md)."""

from .app import create_app

__all__ = ["create_app"]
