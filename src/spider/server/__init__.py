"""The Spider web server: the page, and a JSON API through which every action reaches the engine.

``create_app(settings)`` builds the app; ``spider serve`` runs it on uvicorn.
"""

from spider.server.app import create_app
from spider.server.settings import Settings

__all__ = ["Settings", "create_app"]
