"""The web shell: FastAPI routes, the websocket endpoint, pages."""
