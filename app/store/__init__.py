"""Persistence: SQL models, the game repository, broadcast backends."""
